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
