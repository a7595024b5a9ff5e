import { errorCatalogue } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { codeFailures, passkeyAssertion, seedPasskey } from '../../../test/passkey-kit';
import { softwareAuthenticator } from '../../../test/software-authenticator';
import { acceptingWithdrawalChains, fundPassword, withdrawalCustomer } from '../../../test/withdrawal-kit';

/**
 * A passkey in place of the code of a withdrawal (issue 16 item 8), over HTTP as the web's
 * confirm step sends it: the fund password still asked, the assertion made for a challenge of
 * the money-move purpose, used once.
 */

let database: TestDatabase;
let app: FastifyInstance;
const ether = 10n ** 18n;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { env: { WITHDRAWAL_MIN_KYC_LEVEL: '1' }, withdrawalChains: acceptingWithdrawalChains });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function withdrawalsOf(userId: string) {
  return database.db.selectFrom('withdrawal').select(['id', 'address']).where('user_id', '=', userId).execute();
}

describe('a withdrawal verified by a passkey', () => {
  it('goes through with the fund password and an assertion made for it; a replayed or wrong one moves nothing and counts', async () => {
    const ivy = await withdrawalCustomer(app, database.db);
    const authenticator = softwareAuthenticator();
    await seedPasskey(database.db, ivy.userId, authenticator);
    await ivy.credit('ETH', 2n * ether, `passkey-deposit-${ivy.userId}`);
    const destination = privateKeyToAccount(generatePrivateKey()).address;
    const withdraw = (body: Record<string, unknown>) =>
      ivy.client.post(ivy.withdrawPath('ETH'), { address: destination, amount: '0.1', ...body });

    // The passkey stands in for the code, not for the fund password.
    const unpassworded = await withdraw({
      passkey: await passkeyAssertion(ivy.client, authenticator, 'transfer'),
      requestId: 'passkey-without-fund-password',
    });
    expect(unpassworded.body.code).toBe(errorCatalogue.missingParameter.code);
    expect(await withdrawalsOf(ivy.userId)).toEqual([]);

    const reportedCounter = authenticator.counter;
    const assertion = await passkeyAssertion(ivy.client, authenticator, 'transfer');
    const sent = await withdraw({ fundPassword, passkey: assertion, requestId: 'passkey-withdrawal-1' });
    expect(sent.body.code, sent.body.msg).toBe(0);
    expect(await withdrawalsOf(ivy.userId)).toEqual([expect.objectContaining({ address: destination })]);
    const afterOne = await ivy.balance('ETH');
    expect(afterOne.frozen).toBeGreaterThan(0n);
    const [stored] = await database.db
      .selectFrom('passkey')
      .select(['counter', 'last_used_at'])
      .where('user_id', '=', ivy.userId)
      .execute();
    expect(stored).toMatchObject({ counter: String(reportedCounter) });
    expect(stored!.last_used_at).not.toBeNull();

    const failures = await codeFailures(database.db, ivy.userId);
    const refusals: Array<[string, Record<string, unknown>, number]> = [
      // The same assertion again: its challenge is spent.
      ['replayed', assertion, errorCatalogue.passkeyChallengeExpired.code],
      // One made for an API key change cannot move money.
      ['other purpose', await passkeyAssertion(ivy.client, authenticator, 'apiKey'), errorCatalogue.passkeyChallengeExpired.code],
      // A key the customer never registered.
      ['unknown key', await passkeyAssertion(ivy.client, softwareAuthenticator(), 'transfer'), errorCatalogue.passkeyNotRecognised.code],
      // Signed for another site.
      [
        'other origin',
        await passkeyAssertion(ivy.client, authenticator, 'transfer', { origin: 'https://coffer.evil.example' }),
        errorCatalogue.passkeyNotRecognised.code,
      ],
    ];
    for (const [what, passkey, code] of refusals) {
      const refused = await withdraw({ fundPassword, passkey, requestId: `passkey-refused-${what.replace(' ', '-')}` });
      expect(refused.body.code, what).toBe(code);
    }
    expect(await withdrawalsOf(ivy.userId)).toHaveLength(1);
    expect(await ivy.balance('ETH')).toEqual(afterOne);
    expect(await codeFailures(database.db, ivy.userId)).toBe(failures + refusals.length);
  });
});
