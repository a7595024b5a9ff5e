/**
 * A customer's lines — the net change per (journal, wallet account), shown as bills — read for
 * other modules (the wallet's bills and CSV) through `LedgerReads`.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';

/**
 * One customer wallet account's net change in one journal (the wallet shows it as a bill);
 * journals that leave an account unchanged (a hold and its release) have none.
 */
export interface CustomerJournalLine {
  journalId: string;
  accountId: string;
  createdAt: Date;
  billType: number;
  note: string;
  referenceType: string | null;
  referenceId: string | null;
  asset: string;
  /** Signed base units, never 0. */
  amount: string;
}

/** A keyset position among a customer's lines, newest first: only lines older than it. */
export interface JournalLineCursor {
  createdAt: Date;
  journalId: string;
  accountId: string;
}

export interface CustomerJournalLineFilters {
  asset?: string | undefined;
  billType?: number | undefined;
  /** Only credits (net > 0) or debits (net < 0): one transfer journal is a debit to one side and a credit to the other. */
  direction?: 'credit' | 'debit' | undefined;
  /** The range [start, end). */
  start?: Date | undefined;
  end?: Date | undefined;
  before?: JournalLineCursor | undefined;
}

/** The line reads of `LedgerReads`. */
export interface CustomerLineReads {
  /**
   * The newest `wanted` lines of a customer's wallet accounts matching `filters`, newest
   * first, read off each account's (account, time) index rather than grouping the whole history.
   */
  newestCustomerLines(userId: string, filters: CustomerJournalLineFilters, wanted: number): Promise<CustomerJournalLine[]>;
  /** How many lines match `filters`, exact up to `cap`; beyond it `cap`. */
  countCustomerLines(userId: string, filters: CustomerJournalLineFilters, cap: number): Promise<number>;
  /**
   * The next `limit` lines of a range, newest first, after `filters.before`: one batch of a
   * range read in order (the CSV export), grouped as it goes rather than probed per pair.
   */
  customerLinesBatch(userId: string, filters: CustomerJournalLineFilters, limit: number): Promise<CustomerJournalLine[]>;
  /** One line of the customer's, null when the account is not theirs or the journal left it unchanged. */
  customerLine(userId: string, journalId: string, accountId: string): Promise<CustomerJournalLine | null>;
}

interface LineRow {
  journal_id: string;
  account_id: string;
  created_at: Date;
  bill_type: number;
  note: string;
  reference_type: string | null;
  reference_id: string | null;
  asset: string;
  amount: string;
}

const toLine = (row: LineRow): CustomerJournalLine => ({
  journalId: row.journal_id,
  accountId: row.account_id,
  createdAt: row.created_at,
  billType: row.bill_type,
  note: row.note,
  referenceType: row.reference_type,
  referenceId: row.reference_id,
  asset: row.asset,
  amount: row.amount,
});

const isNewer = (row: { created_at: Date; journal_id: string }, than: { createdAt: Date; journalId: string }) =>
  row.created_at.getTime() > than.createdAt.getTime() ||
  (row.created_at.getTime() === than.createdAt.getTime() && BigInt(row.journal_id) > BigInt(than.journalId));

export function createCustomerLineReads(db: Db): CustomerLineReads {
  /** Lines of a customer's wallet accounts: the net change per (journal, account). */
  function lineQuery(
    userId: string,
    filters: CustomerJournalLineFilters & {
      journalId?: string;
      accountId?: string;
      /** Only these (journal, account) pairs: the candidates newestCustomerLines found on the index. */
      pairs?: Array<{ journalId: string; accountId: string }>;
    },
    extra: RawBuilder<unknown>,
  ) {
    const directionFilter =
      filters.direction === 'credit' ? sql`and sum(e.amount) > 0` : filters.direction === 'debit' ? sql`and sum(e.amount) < 0` : sql``;
    return sql<LineRow>`
      select e.journal_id, e.account_id, e.created_at, j.bill_type, j.note, j.reference_type, j.reference_id, a.asset, sum(e.amount)::text as amount
        from ledger_account a
        join entry e on e.account_id = a.id
        join journal j on j.id = e.journal_id
       where a.owner_type = 'customer' and a.owner_ref = ${userId} and a.purpose = 'wallet'
         ${filters.asset ? sql`and a.asset = ${filters.asset}` : sql``}
         ${filters.start ? sql`and e.created_at >= ${filters.start}` : sql``}
         ${filters.end ? sql`and e.created_at < ${filters.end}` : sql``}
         ${filters.before ? sql`and (e.created_at, e.journal_id, a.id) < (${filters.before.createdAt}, ${filters.before.journalId}, ${filters.before.accountId})` : sql``}
         ${filters.journalId ? sql`and e.journal_id = ${filters.journalId} and a.id = ${filters.accountId ?? '0'}` : sql``}
         ${filters.pairs ? sql`and e.journal_id = any(${filters.pairs.map((pair) => pair.journalId)}::bigint[]) and (e.journal_id, a.id) in (select * from unnest(${filters.pairs.map((pair) => pair.journalId)}::bigint[], ${filters.pairs.map((pair) => pair.accountId)}::bigint[]))` : sql``}
       group by e.journal_id, e.account_id, e.created_at, j.bill_type, j.note, j.reference_type, j.reference_id, a.asset
      having sum(e.amount) <> 0 ${filters.billType === undefined ? sql`` : sql`and j.bill_type = ${filters.billType}`} ${directionFilter}
      ${extra}`;
  }

  async function customerAccountIds(userId: string, asset: string | undefined): Promise<string[]> {
    let query = db
      .selectFrom('ledger_account')
      .select('id')
      .where('owner_type', '=', 'customer')
      .where('owner_ref', '=', userId)
      .where('purpose', '=', 'wallet');
    if (asset) query = query.where('asset', '=', asset);
    return (await query.execute()).map((row) => row.id);
  }

  return {
    /*
     * A window of entries per account, the (journal, account) pairs in it summed, and the
     * window widened until it holds enough. A window that came back full is only trusted down
     * to its oldest journal, which it may have cut in half.
     */
    async newestCustomerLines(userId, filters, wanted) {
      const accounts = await customerAccountIds(userId, filters.asset);
      if (accounts.length === 0) return [];
      for (let window = Math.max(wanted * 2 + 8, 64); ; window *= 4) {
        const scans = accounts.map(
          (accountId) => sql`(select journal_id, account_id, created_at from entry
            where account_id = ${accountId}
            ${filters.start ? sql`and created_at >= ${filters.start}` : sql``}
            ${filters.end ? sql`and created_at < ${filters.end}` : sql``}
            ${filters.before ? sql`and (created_at, journal_id, account_id) < (${filters.before.createdAt}, ${filters.before.journalId}, ${filters.before.accountId})` : sql``}
            order by created_at desc, journal_id desc limit ${window})`,
        );
        const candidates = (
          await sql<{ journal_id: string; account_id: string; created_at: Date }>`${sql.join(scans, sql` union all `)}`.execute(db)
        ).rows;
        let trustedAfter: { createdAt: Date; journalId: string } | null = null;
        for (const accountId of accounts) {
          const scanned = candidates.filter((row) => row.account_id === accountId);
          const oldest = scanned.at(-1);
          if (scanned.length === window && oldest && (!trustedAfter || isNewer(oldest, trustedAfter))) {
            trustedAfter = { createdAt: oldest.created_at, journalId: oldest.journal_id };
          }
        }
        const pairs = new Map<string, { journalId: string; accountId: string }>();
        for (const row of candidates) {
          if (!trustedAfter || isNewer(row, trustedAfter)) {
            pairs.set(`${row.journal_id}:${row.account_id}`, { journalId: row.journal_id, accountId: row.account_id });
          }
        }
        const rows =
          pairs.size === 0
            ? []
            : // The pairs already satisfy the time and cursor filters; only the type is left to apply.
              (
                await lineQuery(
                  userId,
                  { billType: filters.billType, direction: filters.direction, pairs: [...pairs.values()] },
                  sql`order by e.created_at desc, e.journal_id desc, e.account_id desc`,
                ).execute(db)
              ).rows;
        if (rows.length >= wanted || !trustedAfter) return rows.slice(0, wanted).map(toLine);
      }
    },

    async countCustomerLines(userId, filters, cap) {
      const accounts = await customerAccountIds(userId, filters.asset);
      if (accounts.length === 0) return 0;
      // Entries first, off the index: a history far past the cap is not grouped to be counted.
      const entries = await sql<{ n: string }>`select count(*) as n from (select 1 from entry
        where account_id = any(${accounts}::bigint[])
        ${filters.start ? sql`and created_at >= ${filters.start}` : sql``}
        ${filters.end ? sql`and created_at < ${filters.end}` : sql``}
        limit ${cap * 2 + 1}) x`.execute(db);
      if (Number(entries.rows[0]?.n ?? 0) > cap * 2) return cap;
      const exact = await sql<{ total: string }>`select count(*) as total from (${lineQuery(userId, filters, sql``)}) lines`.execute(db);
      return Math.min(Number(exact.rows[0]?.total ?? 0), cap);
    },

    async customerLinesBatch(userId, filters, limit) {
      const rows = await lineQuery(
        userId,
        filters,
        sql`order by e.created_at desc, e.journal_id desc, e.account_id desc limit ${limit}`,
      ).execute(db);
      return rows.rows.map(toLine);
    },

    async customerLine(userId, journalId, accountId) {
      const rows = await lineQuery(userId, { journalId, accountId }, sql``).execute(db);
      const found = rows.rows[0];
      return found ? toLine(found) : null;
    },
  };
}
