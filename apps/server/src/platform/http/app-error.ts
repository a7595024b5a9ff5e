import type { ErrorKey, ErrorParams } from '@coffer/contract';

/**
 * A domain error carrying a catalogue key; the HTTP error handler turns it into the
 * envelope in the caller's language. `field` names the offending input, when there is one.
 */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly key: ErrorKey,
    readonly params: ErrorParams = {},
    readonly field?: string,
  ) {
    super(key);
  }
}
