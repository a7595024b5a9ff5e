import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger } from '../ledger';
import { queueNotices, type QueuedNotice } from '../notices';
import type { SanctionsHit, SanctionsScreening } from '../sanctions';
import type { DepositSettings } from './deposit-settings';
import { dueDeposits, markDepositsCredited } from './deposit-watcher.repository';

/** Deposits credited per transaction. */
const creditBatch = 200;
/** Concurrent crediting transactions, each for its own set of customers. */
const creditLanes = 4;

export interface DepositCrediting {
  /** Credits every waiting deposit at its confirmation count up to `cursor`; how many. */
  creditDue(tip: number, cursor: number): Promise<number>;
  /** Settles once every after-credit hook queued so far has run. */
  idle(): Promise<void>;
}

/** The ledger keys of a deposit frozen by sanctions screening: its hold, and its release. */
export const depositSanctionsKey = (depositId: string, step: 'hold' | 'release') => `deposit:${depositId}:sanctions-${step}`;

/** A credited deposit's notice to its customer, keyed by the deposit. */
export function depositNotice(deposit: {
  id: string;
  user_id: string;
  chain: string;
  asset: string;
  amount: string;
  address: string;
  memo: string | null;
  txid: string;
}): QueuedNotice {
  const { asset, amount, chain, address, memo, txid } = deposit;
  return {
    kind: 'deposit',
    userId: deposit.user_id,
    eventId: deposit.id,
    facts: { asset, units: amount, chain, address, tag: memo, txid },
  };
}

/**
 * The watcher's credit-once step: a ledger journal per deposit (bill 2001, key
 * `deposit:chain:txid:logIndex`), the state change to credited and the customer's deposit
 * notice (sent after commit) in one transaction, then the after-credit hook behind it. A
 * deposit whose sender is on a sanctions list is credited and frozen at once, in the same
 * transaction: a ledger hold on the credited amount and the sanctions hold naming the entry
 * (compliance releases or refuses it); no hook runs and no notice is queued for it.
 */
export function createDepositCrediting(deps: {
  db: Db;
  ledger: Ledger;
  settings: DepositSettings;
  chain: string;
  logger: Logger;
  onCredited?: (journalId: string) => Promise<void>;
  /** Screens the deposits' senders; without it nothing is screened (tests of the watcher alone). */
  sanctions?: Pick<SanctionsScreening, 'screenMany' | 'openHold'>;
}): DepositCrediting {
  const { db, ledger, settings, chain, logger } = deps;

  let hooks: Promise<void> = Promise.resolve();
  function afterCommit(journalIds: string[]): void {
    const onCredited = deps.onCredited;
    if (!onCredited || journalIds.length === 0) return;
    hooks = hooks.then(async () => {
      for (const journalId of journalIds) {
        try {
          await onCredited(journalId);
        } catch (error) {
          logger.warn({ err: error, journalId }, 'after-credit hook failed; its scheduled scan will pick the deposit up');
        }
      }
    });
  }

  type DueDeposit = {
    id: string;
    user_id: string;
    chain: string;
    asset: string;
    txid: string;
    log_index: number;
    amount: string;
    address: string;
    memo: string | null;
    source_addresses: string[] | null;
  };

  /** The listed sender of each deposit that has one (the first listed of its senders). */
  async function listedSenders(deposits: DueDeposit[]): Promise<Map<string, { address: string; hit: SanctionsHit }>> {
    const listed = new Map<string, { address: string; hit: SanctionsHit }>();
    const senders = [...new Set(deposits.flatMap((deposit) => deposit.source_addresses ?? []))];
    if (!deps.sanctions || senders.length === 0) return listed;
    const hits = await deps.sanctions.screenMany(chain, senders);
    for (const deposit of deposits) {
      const address = deposit.source_addresses?.find((sender) => hits.has(sender));
      if (address) listed.set(deposit.id, { address, hit: hits.get(address)! });
    }
    return listed;
  }

  /**
   * Credits deposits in one transaction: a ledger journal each (bill 2001, key
   * `deposit:chain:txid:logIndex`), then all of them to credited (1) in one statement that must
   * touch every one of them. One commit for many credits is what keeps a backlog fast.
   */
  async function creditTogether(deposits: DueDeposit[]): Promise<void> {
    const journalIds = await commitCredits(deposits);
    afterCommit(journalIds);
  }

  /** Credits the deposits; answers the journals of those not frozen (the after-credit hook's). */
  async function commitCredits(deposits: DueDeposit[]): Promise<string[]> {
    const listed = await listedSenders(deposits);
    const accounts = await Promise.all(
      deposits.map(async (deposit) => ({
        customer: await ledger.customerAccount(deposit.user_id, deposit.asset),
        omnibus: await ledger.platformAccount('omnibus', deposit.asset),
      })),
    );
    return db.transaction().execute(async (trx) => {
      const journals: Array<{ id: string; journalId: string }> = [];
      for (const [position, deposit] of deposits.entries()) {
        const amount = BigInt(deposit.amount);
        const account = accounts[position]!;
        const posted = await ledger.post(
          {
            idempotencyKey: `deposit:${chain}:${deposit.txid}:${deposit.log_index}`,
            billType: billTypes.deposit,
            reference: { type: 'deposit', id: deposit.id },
            note: deposit.txid,
            legs: [
              { accountId: account.customer, bucket: 'available', amount },
              { accountId: account.omnibus, bucket: 'available', amount: -amount },
            ],
          },
          trx,
        );
        journals.push({ id: deposit.id, journalId: posted.journalId });
        const sender = listed.get(deposit.id);
        if (sender && deps.sanctions) await freeze(trx, deps.sanctions, deposit, account.customer, sender);
      }
      const updated = await markDepositsCredited(trx, journals);
      if (updated !== deposits.length) throw new Error('a deposit of the batch is no longer waiting');
      const usable = deposits.filter((deposit) => !listed.has(deposit.id));
      await queueNotices(trx, usable.map(depositNotice));
      return journals.filter((row) => !listed.has(row.id)).map((row) => row.journalId);
    });
  }

  /** Freezes a credited deposit whose sender is listed: the ledger hold, and the sanctions hold naming the entry. */
  async function freeze(
    trx: Db,
    sanctions: Pick<SanctionsScreening, 'openHold'>,
    deposit: DueDeposit,
    customer: string,
    sender: { address: string; hit: SanctionsHit },
  ): Promise<void> {
    const amount = BigInt(deposit.amount);
    const held = await ledger.hold(
      {
        idempotencyKey: depositSanctionsKey(deposit.id, 'hold'),
        billType: billTypes.deposit,
        accountId: customer,
        amount,
        reference: { type: 'deposit', id: deposit.id },
      },
      trx,
    );
    await sanctions.openHold(trx, {
      kind: 'deposit',
      subjectId: deposit.id,
      userId: deposit.user_id,
      asset: deposit.asset,
      amount,
      chain,
      address: sender.address,
      entryId: sender.hit.entryId,
      ledgerHoldId: held.holdId,
    });
    logger.warn(
      { alert: 'sanctioned-deposit', depositId: deposit.id, txid: deposit.txid, sender: sender.address },
      'deposit from a listed sender: credited and frozen',
    );
  }

  async function creditDue(tip: number, cursor: number): Promise<number> {
    const byAsset = await settings.forChain(chain);
    const due = (await dueDeposits(db, chain, tip, cursor)).filter((deposit) => byAsset.get(deposit.asset)?.isDepositEnabled === true); // switched-off coins wait, still recorded
    // Customers split over a few concurrent lanes: no two lanes touch one account, so they
    // never wait on each other's row locks, and each customer's credits keep block order.
    const lanes = Array.from({ length: creditLanes }, () => [] as DueDeposit[]);
    for (const deposit of due) lanes[Number(BigInt(deposit.user_id) % BigInt(creditLanes))]!.push(deposit);
    const counts = await Promise.all(lanes.map((lane) => creditLane(lane)));
    return counts.reduce((sum, count) => sum + count, 0);
  }

  async function creditLane(due: DueDeposit[]): Promise<number> {
    let credited = 0;
    for (let start = 0; start < due.length; start += creditBatch) {
      const batch = due.slice(start, start + creditBatch);
      try {
        await creditTogether(batch);
        credited += batch.length;
        continue;
      } catch (error) {
        if (batch.length === 1) {
          logger.error({ err: error, depositId: batch[0]!.id, txid: batch[0]!.txid }, 'crediting a deposit failed; retrying next tick');
          continue;
        }
      }
      // One of the batch failed: credit the others one by one, so one bad deposit holds up no other.
      for (const deposit of batch) {
        try {
          await creditTogether([deposit]);
          credited += 1;
        } catch (error) {
          logger.error({ err: error, depositId: deposit.id, txid: deposit.txid }, 'crediting a deposit failed; retrying next tick');
        }
      }
    }
    return credited;
  }

  return { creditDue, idle: (): Promise<void> => hooks };
}
