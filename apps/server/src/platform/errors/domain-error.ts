import type { ErrorKey, ErrorParams } from '@coffer/contract';

/**
 * A domain error carrying a catalogue key; the HTTP error handler turns it into the envelope in
 * the caller's language. `field` names the offending input, when there is one. Modules do not
 * construct it directly: each throws through its `<module>.errors.ts`, which names the subset of
 * the catalogue that module may answer (see `domainErrors`).
 */
export class DomainError extends Error {
  override readonly name = 'DomainError';

  constructor(
    readonly key: ErrorKey,
    readonly params: ErrorParams = {},
    readonly field?: string,
  ) {
    super(key);
  }
}

/**
 * The error factory of one module, typed to the catalogue keys it lists: a module's
 * `<module>.errors.ts` declares `export const tradeError = domainErrors(['quoteExpired', …])`,
 * and the compiler refuses any other key at its throw sites.
 */
export function domainErrors<const Keys extends readonly ErrorKey[]>(keys: Keys) {
  const allowed = new Set<ErrorKey>(keys);
  const make = (key: Keys[number], params: ErrorParams = {}, field?: string): DomainError => {
    if (!allowed.has(key)) throw new Error(`error key ${key} is not in this module's list`);
    return new DomainError(key, params, field);
  };
  return Object.assign(make, { keys });
}
