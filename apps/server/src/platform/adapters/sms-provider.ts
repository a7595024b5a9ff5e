/** One text message to one phone. */
export interface OutgoingSms {
  /** +<dial code><number> (E.164). */
  to: string;
  text: string;
}

/** An SMS gateway. `send` resolves once the provider has accepted the message. */
export interface SmsProvider {
  /** Short name for logs and metrics, e.g. `twilio`. */
  readonly name: string;
  /** Answers the provider's id of the accepted message; rejects with `SmsProviderError` when refused. */
  send(sms: OutgoingSms): Promise<{ providerMessageId: string }>;
}

/**
 * The provider refused or could not be reached. Its message carries the HTTP status and the
 * provider's error code only, never the text or the recipient, so it is safe to log.
 */
export class SmsProviderError extends Error {
  override readonly name = 'SmsProviderError';
  constructor(
    message: string,
    readonly facts: { provider: string; status?: number; providerCode?: number | string; moreInfo?: string } = { provider: 'unknown' },
  ) {
    super(message);
  }
}
