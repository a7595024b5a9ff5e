import { depositPaths, identityPaths, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { bindAuthenticatorAndFundPassword, signUpByEmail } from './identity-helpers';
import type { Db } from '../src/platform/db/database';
import { totpCode } from '../src/modules/identity/totp';
import { createLedger } from '../src/modules/ledger/ledger.service';
import type { WithdrawalChainSet } from '../src/modules/withdrawals/withdrawal-chains';
import type { WithdrawalSender } from '../src/modules/withdrawals/withdrawal-signer';

export const fundPassword = '258036';

/** Ethereum withdrawals are accepted (a sender exists); nothing signs them (no job queue). */
export const acceptingWithdrawalChains: WithdrawalChainSet = {
  senders: new Map([['ethereum', {} as WithdrawalSender]]),
  readers: [],
  contractCheckers: new Map(),
  bitcoinNetwork: 'regtest',
};
let counter = 0;

/**
 * Test customers for the withdrawal tests: e-mail, phone, fund password, authenticator and
 * KYC level 1, past the 24-hour lock (`complete: false`: only the e-mail). `credit` books coins
 * as the deposit watcher would, from the chain's omnibus account; the caller puts the same
 * coins on chain, so chain and ledger agree.
 */
export async function withdrawalCustomer(app: FastifyInstance, db: Db, options: { complete?: boolean; depositChain?: string } = {}) {
  counter += 1;
  const email = `withdraw${counter}-${Date.now() % 100000}@coffer.test`;
  const { client, userNo } = await signUpByEmail(app, email);
  const user = await db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  const { secret } = (await client.post(identityPaths.authenticatorGenerate)).body.data as { secret: string };
  if (options.complete !== false) {
    await bindAuthenticatorAndFundPassword(app, client, email, secret, fundPassword);
    // Phone and identity have no test flow of their own here: set as bound and verified.
    await db
      .updateTable('app_user')
      .set({
        withdraw_locked_until: null,
        phone_country: 'DE',
        phone_dial_code: '49',
        phone: `151${String(counter).padStart(8, '0')}`,
        kyc_level: 1,
      })
      .where('id', '=', user.id)
      .execute();
  }
  const address = options.depositChain
    ? ((await client.get(`${depositPaths.depositAddress}?coin=ETH&chain=${options.depositChain}`)).body.data.address as string)
    : null;
  const ledger = createLedger(db);
  /** Each authenticator code is accepted once per 30-second step; as if the next step had come. */
  const nextGaCode = async () => {
    await db.updateTable('app_user').set({ totp_last_step: null }).where('id', '=', user.id).execute();
    return totpCode(secret);
  };
  async function credit(asset: string, amount: bigint, txid: string): Promise<string> {
    const posted = await ledger.post({
      idempotencyKey: `test-deposit:${txid}`,
      billType: 2001,
      legs: [
        { accountId: await ledger.platformAccount('omnibus', asset), bucket: 'available', amount: -amount },
        { accountId: await ledger.customerAccount(user.id, asset), bucket: 'available', amount },
      ],
    });
    return posted.journalId;
  }
  async function balance(coin: string) {
    const row = await db
      .selectFrom('ledger_account')
      .select(['available', 'frozen'])
      .where('owner_type', '=', 'customer')
      .where('owner_ref', '=', user.id)
      .where('asset', '=', coin)
      .executeTakeFirst();
    return { available: BigInt(row?.available ?? '0'), frozen: BigInt(row?.frozen ?? '0') };
  }
  const withdrawPath = (coin: string, chain = 'ethereum') => withdrawalPaths.withdraw.replace(':coin', coin).replace(':chain', chain);
  return { client, email, userNo, userId: user.id, address, credit, balance, nextGaCode, withdrawPath };
}

export type WithdrawalCustomer = Awaited<ReturnType<typeof withdrawalCustomer>>;

/** Balance of a platform account, with the house changes not yet folded into it. */
export async function platformBalance(db: Db, purpose: string, asset: string): Promise<bigint> {
  const account = await createLedger(db).platformAccount(purpose, asset);
  const row = await db.selectFrom('ledger_account').select('available').where('id', '=', account).executeTakeFirstOrThrow();
  const pending = await db
    .selectFrom('ledger_house_pending')
    .select('amount')
    .where('account_id', '=', account)
    .where('bucket', '=', 'available')
    .execute();
  return pending.reduce((sum, leg) => sum + BigInt(leg.amount), BigInt(row.available));
}
