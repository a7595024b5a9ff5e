import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger } from '../ledger';
import { queueNotices, type QueuedNotice } from '../notices';
import type { SanctionsScreening } from '../sanctions';
import type { CustodyDepositSink } from './custody-deposit-sink';
import { freezeDeposit, listedSenders, type DueDeposit } from './deposit-freezing';
import type { DepositSettings } from './deposit-settings';
import { dueDeposits, markDepositsCredited } from './deposit-watcher.repository';

export { depositSanctionsKey } from './deposit-freezing';

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

/** A customer's deposit (a custody account's has no customer to notify nor swap for). */
const isCustomers = <T extends { user_id: string | null }>(deposit: T): deposit is T & { user_id: string } => deposit.user_id !== null;

/**
 * The watcher's credit-once step: a ledger journal per deposit (bill 2001, key
 * `deposit:chain:txid:logIndex`) to its customer's wallet or its custody account, the state
 * change to credited, the customer's deposit notice (sent after commit) and the custody
 * account's transfer record (credited) in one transaction, then the after-credit hook behind
 * it. A deposit whose sender is on a sanctions list is credited and frozen at once, in the
 * same transaction: a ledger hold on the credited amount and the sanctions hold naming the
 * entry (compliance releases or refuses it); no hook runs, no notice is queued and a custody
 * record stays pending credit.
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
  /** The custody accounts' transfer records; without it a custody deposit is not credited. */
  custody?: CustodyDepositSink;
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

  /** The ledger account a deposit credits: its customer's wallet, or its custody account's. */
  function creditedAccount(deposit: DueDeposit): Promise<string> {
    if (deposit.custody_account_id !== null) return ledger.custodyAccount(deposit.custody_account_id, deposit.asset);
    return ledger.customerAccount(deposit.user_id!, deposit.asset);
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

  /** Credits the deposits; answers the journals of the customers' deposits not frozen (the after-credit hook's). */
  async function commitCredits(deposits: DueDeposit[]): Promise<string[]> {
    const custody = deps.custody;
    if (!custody && deposits.some((deposit) => !isCustomers(deposit)))
      throw new Error('a custody deposit, and no custody sink to record it');
    const listed = await listedSenders(deps.sanctions, chain, deposits);
    const accounts = await Promise.all(
      deposits.map(async (deposit) => ({
        credited: await creditedAccount(deposit),
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
              { accountId: account.credited, bucket: 'available', amount },
              { accountId: account.omnibus, bucket: 'available', amount: -amount },
            ],
          },
          trx,
        );
        journals.push({ id: deposit.id, journalId: posted.journalId });
        const sender = listed.get(deposit.id);
        if (sender && deps.sanctions) {
          await freezeDeposit(trx, { ledger, sanctions: deps.sanctions, custody, chain, logger }, deposit, account.credited, sender);
        }
      }
      const updated = await markDepositsCredited(trx, journals);
      if (updated !== deposits.length) throw new Error('a deposit of the batch is no longer waiting');
      const usable = deposits.filter((deposit) => !listed.has(deposit.id));
      const journalOf = new Map(journals.map((row) => [row.id, row.journalId]));
      const custodyCredits = usable.flatMap((deposit) =>
        deposit.custody_account_id === null
          ? []
          : [{ depositId: deposit.id, custodyAccountId: deposit.custody_account_id, journalId: journalOf.get(deposit.id)! }],
      );
      if (custody && custodyCredits.length > 0) await custody.credited(trx, custodyCredits);
      const customers = usable.filter(isCustomers);
      await queueNotices(trx, customers.map(depositNotice));
      return customers.map((deposit) => journalOf.get(deposit.id)!);
    });
  }

  async function creditDue(tip: number, cursor: number): Promise<number> {
    const byAsset = await settings.forChain(chain);
    const due = (await dueDeposits(db, chain, tip, cursor)).filter((deposit) => byAsset.get(deposit.asset)?.isDepositEnabled === true); // switched-off coins wait, still recorded
    // Customers split over a few concurrent lanes: no two lanes touch one account, so they
    // never wait on each other's row locks, and each customer's credits keep block order.
    const lanes = Array.from({ length: creditLanes }, () => [] as DueDeposit[]);
    for (const deposit of due) {
      // A custody account's deposits keep to one lane too (its ledger account is not a customer's).
      const owner = BigInt(deposit.user_id ?? deposit.custody_account_id!);
      lanes[Number(owner % BigInt(creditLanes))]!.push(deposit);
    }
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
