import { identityPaths, type CodePurpose } from '@coffer/contract';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database';
import type { identityClient } from './identity-helpers';
import type { SoftwareAuthenticator } from './software-authenticator';

type Client = ReturnType<typeof identityClient>;

/**
 * Test-only: a customer's passkey stored as its registration would store it (registration
 * itself is tested in `passkeys.test.ts`), so tests of the calls a passkey verifies start
 * from a registered one without the registration's 24-hour withdrawal lock.
 */
export async function seedPasskey(db: Db, userId: string, authenticator: SoftwareAuthenticator, name = 'Test key'): Promise<void> {
  await db
    .insertInto('passkey')
    .values({
      user_id: userId,
      credential_id: authenticator.credentialId,
      public_key: authenticator.cosePublicKey,
      transports: ['internal'],
      name,
    })
    .execute();
}

/** An assertion of `authenticator` for a challenge the server made for `purpose` (`/uc/v1/passkeys/assertion-options`). */
export async function passkeyAssertion(
  client: Client,
  authenticator: SoftwareAuthenticator,
  purpose: CodePurpose,
  override?: Parameters<SoftwareAuthenticator['assert']>[1],
): Promise<Record<string, unknown>> {
  const answer = await client.post(identityPaths.passkeyAssertionOptions, { purpose });
  expect(answer.body.code, answer.body.msg).toBe(0);
  return authenticator.assert(answer.body.data as { challenge: string }, override);
}

/** Failed code checks counted against the account (a refused passkey assertion counts as one). */
export async function codeFailures(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('attempt_counter')
    .select('failures')
    .where('scope', '=', 'code:account')
    .where('subject', '=', userId)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** As if the account's and its IP's failed attempts had expired. */
export async function forgetFailures(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('attempt_counter').where('subject', '=', userId).execute();
}
