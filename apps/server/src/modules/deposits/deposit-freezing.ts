import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger } from '../ledger';
import type { SanctionsHit, SanctionsScreening } from '../sanctions';
import type { CustodyDepositSink } from './custody-deposit-sink';

/** A waiting deposit due for crediting, as `dueDeposits` reads it: a customer's or a custody account's. */
export interface DueDeposit {
  id: string;
  user_id: string | null;
  custody_account_id: string | null;
  chain: string;
  asset: string;
  txid: string;
  log_index: number;
  amount: string;
  address: string;
  memo: string | null;
  source_addresses: string[] | null;
}

/** The ledger keys of a deposit frozen by sanctions screening: its hold, and its release. */
export const depositSanctionsKey = (depositId: string, step: 'hold' | 'release') => `deposit:${depositId}:sanctions-${step}`;

export type ListedSender = { address: string; hit: SanctionsHit };

/** The listed sender of each deposit that has one (the first listed of its senders). */
export async function listedSenders(
  sanctions: Pick<SanctionsScreening, 'screenMany'> | undefined,
  chain: string,
  deposits: readonly DueDeposit[],
): Promise<Map<string, ListedSender>> {
  const listed = new Map<string, ListedSender>();
  const senders = [...new Set(deposits.flatMap((deposit) => deposit.source_addresses ?? []))];
  if (!sanctions || senders.length === 0) return listed;
  const hits = await sanctions.screenMany(chain, senders);
  for (const deposit of deposits) {
    const address = deposit.source_addresses?.find((sender) => hits.has(sender));
    if (address) listed.set(deposit.id, { address, hit: hits.get(address)! });
  }
  return listed;
}

/**
 * Freezes a credited deposit whose sender is listed, in the crediting transaction: the ledger
 * hold on the credited account (the customer's wallet or the custody account's), and the
 * sanctions hold naming the entry — and the customer: a custody deposit's is the
 * organisation's holder, whom compliance deals with.
 */
export async function freezeDeposit(
  trx: Db,
  deps: {
    ledger: Ledger;
    sanctions: Pick<SanctionsScreening, 'openHold'>;
    custody: CustodyDepositSink | undefined;
    chain: string;
    logger: Logger;
  },
  deposit: DueDeposit,
  account: string,
  sender: ListedSender,
): Promise<void> {
  const amount = BigInt(deposit.amount);
  const held = await deps.ledger.hold(
    {
      idempotencyKey: depositSanctionsKey(deposit.id, 'hold'),
      billType: billTypes.deposit,
      accountId: account,
      amount,
      reference: { type: 'deposit', id: deposit.id },
    },
    trx,
  );
  const userId = deposit.user_id ?? (await deps.custody!.holderOf(trx, deposit.custody_account_id!));
  await deps.sanctions.openHold(trx, {
    kind: 'deposit',
    subjectId: deposit.id,
    userId,
    asset: deposit.asset,
    amount,
    chain: deps.chain,
    address: sender.address,
    entryId: sender.hit.entryId,
    ledgerHoldId: held.holdId,
  });
  deps.logger.warn(
    { alert: 'sanctioned-deposit', depositId: deposit.id, txid: deposit.txid, sender: sender.address },
    'deposit from a listed sender: credited and frozen',
  );
}
