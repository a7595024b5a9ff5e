import {
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of passkeys (WebAuthn, `@simplewebauthn/browser`): the server's options
 * in, the credential's JSON out, ready to send as the contract's `passkey`/`credential` field.
 * Rejects when the customer cancels or the browser has no authenticator.
 */
export async function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return { ...response };
}

export async function assertPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return { ...response };
}

/**
 * Why a passkey prompt gave nothing. WebAuthn answers `NotAllowedError` when the customer
 * closed the prompt, let it time out or has none of the passkeys on this device (browsers
 * tell these apart to nobody, on purpose), and `AbortError` when another prompt replaced it:
 * `cancelled`. Anything else (no WebAuthn, a page origin the passkeys do not belong to, an
 * authenticator error) means this browser will not use a passkey here: `notAllowed`.
 */
export function passkeyPromptProblem(error: unknown): 'cancelled' | 'notAllowed' {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' || name === 'AbortError' ? 'cancelled' : 'notAllowed';
}
