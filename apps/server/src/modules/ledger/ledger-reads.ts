/**
 * The ledger's read API (issue 14): other modules read balances, accounts and entries through
 * these functions instead of naming the ledger's tables. Each takes an optional executor so a
 * caller inside a transaction reads what that transaction sees.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { createCustodyLedgerReads, type CustodyLedgerReads } from './custody-reads';
import { createCustomerLineReads, type CustomerLineReads } from './ledger-lines';

/** A customer's wallet account of one asset, as the balance columns hold it (base units, text). */
export interface CustomerWalletBalance {
  asset: string;
  available: string;
  frozen: string;
}

/** What a journal credited one customer's wallet account of one asset (available bucket, net). */
export interface CustomerCredit {
  journalId: string;
  createdAt: Date;
  userId: string;
  asset: string;
  amount: string;
}

export interface LedgerReads extends CustomerLineReads, CustodyLedgerReads {
  /** Every wallet account of a customer (one per asset ever touched); assets without one are absent. */
  customerWalletBalances(userId: string, executor?: Db): Promise<CustomerWalletBalance[]>;
  /** The available balance of a customer's wallet account of `asset`, 0 when there is no account. */
  availableOf(userId: string, asset: string, executor?: Db): Promise<bigint>;
  /** Every customer holding at least one ledger account (any purpose), each once. */
  customersWithAccounts(executor?: Db): Promise<string[]>;
  /** The id of the journal posted under `idempotencyKey`, null when none was. */
  journalIdByKey(idempotencyKey: string, executor?: Db): Promise<string | null>;
  /** The amount a hold still pending freezes, null when it is resolved or there is none (what a release or settle must name). */
  pendingHoldAmount(holdId: string, executor?: Db): Promise<bigint | null>;
  /**
   * The available-bucket balance after `journalId` on the account of customer `ownerRef` it
   * touched, null when the journal has no such entry.
   */
  availableBalanceAfterJournal(journalId: string, ownerRef: string, executor?: Db): Promise<string | null>;
  /**
   * The available balance of the platform's accounts of `purpose` and `asset` (e.g. the
   * omnibus): their rows plus the house changes still waiting to be folded into them.
   */
  platformAvailableBalance(purpose: string, asset: string, executor?: Db): Promise<bigint>;
  /**
   * Customer wallet credits of journals of `billType` after `afterJournalId`, in journal id
   * order, at most `limit` (a journal's credits never split across the limit but the last).
   */
  customerCreditsAfter(billType: number, afterJournalId: string, limit: number, executor?: Db): Promise<CustomerCredit[]>;
  /** The customer wallet credits of one journal, when it is of `billType`. */
  customerCreditsOf(billType: number, journalId: string, executor?: Db): Promise<CustomerCredit[]>;
}

export function createLedgerReads(db: Db): LedgerReads {
  async function customerCredits(
    billType: number,
    journals: RawBuilder<unknown>,
    limit: number | null,
    executor: Db,
  ): Promise<CustomerCredit[]> {
    const credits = await sql<{ journal_id: string; created_at: Date; user_id: string; asset: string; amount: string }>`
      select j.id::text as journal_id, j.created_at, a.owner_ref as user_id, e.asset, sum(e.amount)::text as amount
        from journal j
        join entry e on e.journal_id = j.id
        join ledger_account a on a.id = e.account_id
       where ${journals} and j.bill_type = ${billType}
         and a.owner_type = 'customer' and a.purpose = 'wallet' and e.bucket = 'available'
         -- A credit frozen at once by a hold of the same reference (a deposit from a listed
         -- sender, under compliance review) is not the customer's to spend yet; a hold's release
         -- is no new credit (a released deposit is not swapped automatically).
         and not exists (
           select 1 from journal hj join ledger_hold h on h.hold_journal_id = hj.id
            where h.status = 'pending' and hj.id <> j.id
              and hj.reference_type = j.reference_type and hj.reference_id = j.reference_id)
         and not exists (select 1 from ledger_hold r where r.resolve_journal_id = j.id)
       group by j.id, j.created_at, a.owner_ref, e.asset
      having sum(e.amount) > 0
       order by j.id
       limit ${limit}`.execute(executor);
    return credits.rows.map((row) => ({
      journalId: row.journal_id,
      createdAt: row.created_at,
      userId: row.user_id,
      asset: row.asset,
      amount: row.amount,
    }));
  }

  return {
    ...createCustomerLineReads(db),
    ...createCustodyLedgerReads(db),

    async customerWalletBalances(userId, executor = db) {
      return executor
        .selectFrom('ledger_account')
        .select(['asset', 'available', 'frozen'])
        .where('owner_type', '=', 'customer')
        .where('owner_ref', '=', userId)
        .where('purpose', '=', 'wallet')
        .execute();
    },

    async availableOf(userId, asset, executor = db) {
      const row = await executor
        .selectFrom('ledger_account')
        .select('available')
        .where('owner_type', '=', 'customer')
        .where('owner_ref', '=', userId)
        .where('asset', '=', asset)
        .where('purpose', '=', 'wallet')
        .executeTakeFirst();
      return BigInt(row?.available ?? '0');
    },

    async customersWithAccounts(executor = db) {
      const rows = await executor
        .selectFrom('ledger_account')
        .select('owner_ref')
        .distinct()
        .where('owner_type', '=', 'customer')
        .execute();
      return rows.map((row) => row.owner_ref);
    },

    async journalIdByKey(idempotencyKey, executor = db) {
      const row = await executor.selectFrom('journal').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
      return row?.id ?? null;
    },

    async pendingHoldAmount(holdId, executor = db) {
      const row = await executor
        .selectFrom('ledger_hold')
        .select('amount')
        .where('id', '=', holdId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return row ? BigInt(row.amount) : null;
    },

    async availableBalanceAfterJournal(journalId, ownerRef, executor = db) {
      const row = await executor
        .selectFrom('entry')
        .innerJoin('ledger_account', 'ledger_account.id', 'entry.account_id')
        .select('entry.balance_after')
        .where('entry.journal_id', '=', journalId)
        // A custody account's id may equal a customer's: only customers' accounts are meant.
        .where('ledger_account.owner_type', '=', 'customer')
        .where('ledger_account.owner_ref', '=', ownerRef)
        .where('entry.bucket', '=', 'available')
        .executeTakeFirst();
      return row?.balance_after ?? null;
    },

    async platformAvailableBalance(purpose, asset, executor = db) {
      const row = await sql<{ balance: string }>`
        select (coalesce(sum(a.available), 0) + coalesce((select sum(p.amount) from ledger_house_pending p
                  where p.bucket = 'available' and p.account_id in (select id from ledger_account where owner_type = 'platform' and purpose = ${purpose} and asset = ${asset})), 0))::text as balance
          from ledger_account a
         where a.owner_type = 'platform' and a.purpose = ${purpose} and a.asset = ${asset}`.execute(executor);
      return BigInt(row.rows[0]?.balance ?? '0');
    },

    async customerCreditsAfter(billType, afterJournalId, limit, executor = db) {
      return customerCredits(billType, sql`j.id > ${afterJournalId}::bigint`, limit, executor);
    },

    async customerCreditsOf(billType, journalId, executor = db) {
      return customerCredits(billType, sql`j.id = ${journalId}::bigint`, null, executor);
    },
  };
}

/**
 * Whether any of the customer's accounts was ever credited (a positive entry: a deposit, a
 * transfer or trade received, a hold). Identity asks it, through a function `app.ts` injects,
 * to tell a new account's first set-up from a change on an account with something to steal.
 */
export async function hasCustomerReceivedFunds(db: Db, userId: string): Promise<boolean> {
  const result = await sql<{ received: boolean }>`
    select exists (
      select 1 from ledger_account a join entry e on e.account_id = a.id
       where a.owner_type = 'customer' and a.owner_ref = ${userId} and e.amount > 0
    ) as received
  `.execute(db);
  return result.rows[0]?.received === true;
}
