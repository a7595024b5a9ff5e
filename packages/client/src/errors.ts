/** Every error the client throws is a `CofferError`; its subclass says what went wrong. */
export class CofferError extends Error {
  override name = 'CofferError';
}

/** The private or public key given to the client cannot be used. */
export class CofferKeyError extends CofferError {
  override name = 'CofferKeyError';
}

/** Coffer answered an envelope with a code other than 0 (spec §8). */
export class CofferApiError extends CofferError {
  override name = 'CofferApiError';

  constructor(
    readonly code: number,
    message: string,
    readonly requestId: string | null,
    readonly httpStatus: number,
    /** The field a validation error names, when it names one. */
    readonly field: string | null = null,
    /** Seconds the `Retry-After` header asks to wait (rate limits), when sent. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

/**
 * An answer whose `X-COFFER-SIGNATURE` is missing or does not verify with the platform public key:
 * it did not come from Coffer, was changed on the way, or answers another request.
 */
export class CofferResponseSignatureError extends CofferError {
  override name = 'CofferResponseSignatureError';

  constructor(
    readonly reason: 'missing' | 'invalid',
    readonly httpStatus: number,
    readonly requestId: string | null,
  ) {
    super(
      reason === 'missing'
        ? `Coffer's answer (HTTP ${httpStatus}) carries no X-COFFER-SIGNATURE`
        : `Coffer's answer (HTTP ${httpStatus}) has a signature that does not verify with the platform public key`,
    );
  }
}

/** No answer, or an answer that is not Coffer's JSON envelope (a proxy's error page, a timeout). */
export class CofferHttpError extends CofferError {
  override name = 'CofferHttpError';

  constructor(
    message: string,
    /** 0 when no answer came. */
    readonly httpStatus: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
