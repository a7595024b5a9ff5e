/**
 * The ledger's reads of custody accounts (issue 17): the balances of an organisation's custody
 * accounts, and what a journal left on them. Custody modules name custody account ids; the
 * ledger accounts behind them (`owner_type` 'custody') stay the ledger's.
 */
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** One asset of one custody account, in base units (text, as numeric(38,0) arrives). */
export interface CustodyLedgerBalance {
  custodyAccountId: string;
  asset: string;
  available: string;
  frozen: string;
}

export interface CustodyLedgerReads {
  /** Every asset account of the given custody accounts (one per asset ever touched), by custody account id then asset. */
  custodyBalances(custodyAccountIds: readonly string[], executor?: Db): Promise<CustodyLedgerBalance[]>;
  /**
   * The available balance each custody account reached in `journalId` (its available-bucket
   * entry's balance after), by custody account id; accounts the journal did not touch are absent.
   */
  custodyAvailableAfterJournal(journalId: string, executor?: Db): Promise<Map<string, string>>;
  /**
   * The entries of the given journals that credited a platform (house) account — the omnibus
   * and fees legs of settled custody withdrawals (billing links its lines to them), by journal
   * then entry id.
   */
  platformCreditsOfJournals(journalIds: readonly string[], executor?: Db): Promise<PlatformCredit[]>;
}

/** One entry crediting a platform account: its id, journal, the account's purpose (`omnibus`, `fees`…), asset and amount in base units. */
export interface PlatformCredit {
  entryId: string;
  journalId: string;
  purpose: string;
  asset: string;
  amount: string;
  createdAt: Date;
}

export function createCustodyLedgerReads(db: Db): CustodyLedgerReads {
  return {
    async custodyBalances(custodyAccountIds, executor = db) {
      if (custodyAccountIds.length === 0) return [];
      const rows = await executor
        .selectFrom('ledger_account')
        .select(['owner_ref', 'asset', 'available', 'frozen'])
        .where('owner_type', '=', 'custody')
        .where('owner_ref', 'in', custodyAccountIds)
        .where('purpose', '=', 'custody')
        .orderBy('owner_ref')
        .orderBy('asset')
        .execute();
      return rows.map((row) => ({ custodyAccountId: row.owner_ref, asset: row.asset, available: row.available, frozen: row.frozen }));
    },

    async custodyAvailableAfterJournal(journalId, executor = db) {
      const rows = await sql<{ owner_ref: string; balance_after: string }>`
        select a.owner_ref, e.balance_after::text as balance_after
          from entry e
          join ledger_account a on a.id = e.account_id
         where e.journal_id = ${journalId}::bigint and e.bucket = 'available'
           and a.owner_type = 'custody' and a.purpose = 'custody'`.execute(executor);
      return new Map(rows.rows.map((row) => [row.owner_ref, row.balance_after]));
    },

    async platformCreditsOfJournals(journalIds, executor = db) {
      if (journalIds.length === 0) return [];
      const rows = await sql<{ id: string; journal_id: string; purpose: string; asset: string; amount: string; created_at: Date }>`
        select e.id::text as id, e.journal_id::text as journal_id, a.purpose, e.asset, e.amount::text as amount, e.created_at
          from entry e
          join ledger_account a on a.id = e.account_id
         where e.journal_id = any(${[...journalIds]}::bigint[]) and a.owner_type = 'platform' and e.amount > 0
         order by e.journal_id, e.id`.execute(executor);
      return rows.rows.map((row) => ({
        entryId: row.id,
        journalId: row.journal_id,
        purpose: row.purpose,
        asset: row.asset,
        amount: row.amount,
        createdAt: row.created_at,
      }));
    },
  };
}
