import type { Passkey, SecurityVerification } from '@coffer/contract';
import { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { call } from '../http/call';
import { createPasskey } from '../passkey';

/** The browser gave no credential (the customer cancelled, or it has no authenticator): nothing was stored. */
export class PasskeyNotCreated extends Error {
  override readonly name = 'PasskeyNotCreated';
}

/**
 * Registers a passkey or security key for the signed-in customer (issue 16 item 8), as the
 * security centre and a custody member's security-key step both do: the server's options, the
 * browser's prompt, then the credential stored under the security verification already given.
 * Rejects with `PasskeyNotCreated` when the prompt gives nothing; a refused call has shown its toast.
 */
export async function registerPasskey(verification: SecurityVerification, name: string): Promise<Passkey> {
  const options = await call(identityEndpoints.passkeyRegistrationOptions, {});
  const credential = await createPasskey(options).catch((error: unknown) => {
    throw new PasskeyNotCreated(error instanceof Error ? error.message : String(error));
  });
  return call(identityEndpoints.passkeyAdd, { body: { ...verification, name, credential } });
}
