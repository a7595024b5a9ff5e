import { Readable } from 'node:stream';
import {
  billTypeName,
  billTypes,
  fromBaseUnits,
  limits,
  type Bill,
  type BillDetail,
  type BillsExportQuery,
  type BillsQuery,
  type Language,
  languageFromQuery,
} from '@coffer/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { IdentityApi } from '../identity';
import { createBillDetails, csvDetailText, type CounterpartNames } from './bill-details';
import { csvLine, csvNumber, csvText } from './csv';

interface BillRow {
  journal_id: string;
  account_id: string;
  created_at: Date;
  bill_type: number;
  note: string;
  reference_type: string | null;
  reference_id: string | null;
  asset: string;
  scale: number;
  amount: string;
  flow_id: string | null;
  from_user_id: string | null;
  to_user_id: string | null;
}

/** A journal shows in a customer's bills as the net change of each of their accounts in it. */
const billTypeOf = (row: Pick<BillRow, 'bill_type' | 'amount'>): number =>
  row.bill_type === billTypes.transferOut && !row.amount.startsWith('-') ? billTypes.transferIn : row.bill_type;

/** The type in words for people, its spec §9 code beside it for machines. */
const csvHeaders: Record<Language, string[]> = {
  en: ['Time (UTC)', 'Type', 'Type code', 'Coin', 'Amount', 'Detail', 'Note'],
  'zh-CN': ['时间 (UTC)', '类型', '类型代码', '币种', '数量', '详情', '备注'],
  'zh-TW': ['時間 (UTC)', '類型', '類型代碼', '幣種', '數量', '詳情', '備註'],
  ru: ['Время (UTC)', 'Тип', 'Код типа', 'Монета', 'Сумма', 'Подробности', 'Примечание'],
};

const csvBatchSize = 2000;

function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AppError('invalidParameter', {}, field);
  return instant;
}

/**
 * The language of a download: a browser link cannot send LANGUAGE-TYPE, so the `lang` query
 * parameter, when given, names it; otherwise the header's language.
 */
export function downloadLanguage(lang: string | undefined, headerLanguage: Language): Language {
  return lang === undefined || lang === '' ? headerLanguage : languageFromQuery(lang);
}

/** Spec §5: a download covers at most 3 months. */
export function checkDownloadRange(start: Date | undefined, end: Date | undefined): { start: Date; end: Date } {
  if (!start) throw new AppError('missingParameter', {}, 'start');
  if (!end) throw new AppError('missingParameter', {}, 'end');
  if (end <= start) throw new AppError('invalidParameter', {}, 'end');
  const latestEnd = new Date(start);
  latestEnd.setUTCMonth(latestEnd.getUTCMonth() + limits.billDownloadMonths);
  if (end > latestEnd) throw new AppError('billRangeTooLong', {}, 'end');
  return { start, end };
}

/** The calendar day of `instant` in `timeZone`, as YYYY-MM-DD. */
function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function checkTimeZone(value: string | undefined): string {
  if (value === undefined || value === '') return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value;
  } catch {
    throw new AppError('invalidParameter', {}, 'timeZone');
  }
}

/**
 * The download's file name names the days the range covers, both included, in the caller's
 * calendar: the range is [start, end), so its last day is the day of the instant before `end`
 * (a range chosen as 1–31 March ends at the start of 1 April).
 */
export function billsCsvFileName(query: Pick<BillsExportQuery, 'start' | 'end' | 'timeZone'>): string {
  const range = checkDownloadRange(parseInstant(query.start, 'start'), parseInstant(query.end, 'end'));
  const timeZone = checkTimeZone(query.timeZone);
  return `coffer-bills_${dayIn(range.start, timeZone)}_${dayIn(new Date(range.end.getTime() - 1), timeZone)}.csv`;
}

/** Bills (spec §1, §3): filtered by coin, type and time; one page, or all of a range as CSV. */
export function createBillsService(deps: { db: Db; identity: IdentityApi }) {
  const { db } = deps;
  const details = createBillDetails(deps);

  function billQuery(
    userId: string,
    filters: {
      coin?: string | undefined;
      type?: number | undefined;
      start?: Date | undefined;
      end?: Date | undefined;
      /** Keyset: only bills older than this (time, journal). */
      before?: { createdAt: Date; journalId: string; accountId: string } | undefined;
      journalId?: string;
      accountId?: string;
      /** Only these (journal, account) pairs: the candidates newestBills found on the index. */
      pairs?: Array<{ journalId: string; accountId: string }>;
    },
    extra: RawBuilder<unknown>,
  ) {
    const coin = filters.coin?.trim().toUpperCase();
    const typeFilter =
      filters.type === undefined
        ? sql``
        : filters.type === billTypes.transferIn
          ? sql`and j.bill_type = ${billTypes.transferOut} and sum(e.amount) > 0`
          : filters.type === billTypes.transferOut
            ? sql`and j.bill_type = ${billTypes.transferOut} and sum(e.amount) < 0`
            : sql`and j.bill_type = ${filters.type}`;
    return sql<BillRow>`
      select e.journal_id, e.account_id, e.created_at, j.bill_type, j.note, j.reference_type, j.reference_id, a.asset, s.scale, sum(e.amount)::text as amount,
             t.flow_id, t.from_user_id, t.to_user_id
        from ledger_account a
        join entry e on e.account_id = a.id
        join journal j on j.id = e.journal_id
        join asset s on s.code = a.asset
        left join wallet_transfer t on t.journal_id = j.id
       where a.owner_type = 'customer' and a.owner_ref = ${userId} and a.purpose = 'wallet'
         ${coin ? sql`and a.asset = ${coin}` : sql``}
         ${filters.start ? sql`and e.created_at >= ${filters.start}` : sql``}
         ${filters.end ? sql`and e.created_at < ${filters.end}` : sql``}
         ${filters.before ? sql`and (e.created_at, e.journal_id, a.id) < (${filters.before.createdAt}, ${filters.before.journalId}, ${filters.before.accountId})` : sql``}
         ${filters.journalId ? sql`and e.journal_id = ${filters.journalId} and a.id = ${filters.accountId ?? '0'}` : sql``}
         ${filters.pairs ? sql`and e.journal_id = any(${filters.pairs.map((pair) => pair.journalId)}::bigint[]) and (e.journal_id, a.id) in (select * from unnest(${filters.pairs.map((pair) => pair.journalId)}::bigint[], ${filters.pairs.map((pair) => pair.accountId)}::bigint[]))` : sql``}
       group by e.journal_id, e.account_id, e.created_at, j.bill_type, j.note, j.reference_type, j.reference_id, a.asset, s.scale, t.flow_id, t.from_user_id, t.to_user_id
      having sum(e.amount) <> 0 ${typeFilter}
      ${extra}`;
  }

  type Filters = Parameters<typeof billQuery>[1];
  const isNewer = (row: { created_at: Date; journal_id: string }, than: { createdAt: Date; journalId: string }) =>
    row.created_at.getTime() > than.createdAt.getTime() ||
    (row.created_at.getTime() === than.createdAt.getTime() && BigInt(row.journal_id) > BigInt(than.journalId));

  async function customerAccountIds(userId: string, coin: string | undefined): Promise<string[]> {
    let query = db
      .selectFrom('ledger_account')
      .select('id')
      .where('owner_type', '=', 'customer')
      .where('owner_ref', '=', userId)
      .where('purpose', '=', 'wallet');
    if (coin) query = query.where('asset', '=', coin.trim().toUpperCase());
    return (await query.execute()).map((row) => row.id);
  }

  /**
   * The newest `wanted` bills, read off the (account, time) index of each of the customer's
   * accounts instead of grouping their whole history: a window of entries per account, the
   * (journal, account) pairs in it summed, and the window widened until it holds enough.
   * A window that came back full is only trusted down to its oldest journal, which it may
   * have cut in half.
   */
  async function newestBills(userId: string, filters: Filters, wanted: number): Promise<BillRow[]> {
    const accounts = await customerAccountIds(userId, filters.coin);
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
              await billQuery(
                userId,
                { type: filters.type, pairs: [...pairs.values()] },
                sql`order by e.created_at desc, e.journal_id desc, e.account_id desc`,
              ).execute(db)
            ).rows;
      if (rows.length >= wanted || !trustedAfter) return rows.slice(0, wanted);
    }
  }

  /** Exact below the cap; beyond it the pager shows the cap (a history that long is downloaded, not paged). */
  const countCap = 10_000;
  async function countBills(userId: string, filters: Filters): Promise<number> {
    const accounts = await customerAccountIds(userId, filters.coin);
    if (accounts.length === 0) return 0;
    const entries = await sql<{ n: string }>`select count(*) as n from (select 1 from entry
      where account_id = any(${accounts}::bigint[])
      ${filters.start ? sql`and created_at >= ${filters.start}` : sql``}
      ${filters.end ? sql`and created_at < ${filters.end}` : sql``}
      limit ${countCap * 2 + 1}) x`.execute(db);
    if (Number(entries.rows[0]?.n ?? 0) > countCap * 2) return countCap;
    const exact = await sql<{ total: string }>`select count(*) as total from (${billQuery(userId, filters, sql``)}) bills`.execute(db);
    return Math.min(Number(exact.rows[0]?.total ?? 0), countCap);
  }

  const toBill = (row: BillRow, detail: BillDetail): Bill => ({
    id: `${row.journal_id}-${row.account_id}`,
    time: row.created_at.toISOString(),
    type: billTypeOf(row),
    coin: row.asset,
    amount: fromBaseUnits(BigInt(row.amount), row.scale),
    balanceAfter: null,
    detail,
  });

  /** Bills with their details: one keyed lookup for the whole set of rows, never one per row. */
  async function toBills(rows: BillRow[], userId: string, names: CounterpartNames = new Map()): Promise<Bill[]> {
    const described = await details.describe(userId, rows, names);
    return rows.map((row, index) => toBill(row, described[index] ?? {}));
  }

  return {
    async page(userId: string, query: BillsQuery) {
      const filters = {
        coin: query.coin,
        type: query.type,
        start: parseInstant(query.start, 'start'),
        end: parseInstant(query.end, 'end'),
      };
      const offset = (query.pageNo - 1) * query.pageSize;
      const [rows, total] = await Promise.all([newestBills(userId, filters, offset + query.pageSize), countBills(userId, filters)]);
      return { pageNo: query.pageNo, pageSize: query.pageSize, total, records: await toBills(rows.slice(offset), userId) };
    },

    async info(userId: string, id: string): Promise<Bill> {
      const [journalId = '0', accountId = '0'] = id.split('-');
      const rows = await billQuery(userId, { journalId, accountId }, sql``).execute(db);
      const found = rows.rows[0];
      if (!found) throw new AppError('noMatchingData', {}, 'id');
      const [bill] = await toBills([found], userId);
      return bill!;
    },

    /**
     * The CSV of a range of at most 3 months, streamed in keyset batches, so memory holds one
     * batch whatever the range holds.
     */
    exportCsv(userId: string, query: Pick<BillsQuery, 'coin' | 'type' | 'start' | 'end'>, language: Language): Readable {
      const range = checkDownloadRange(parseInstant(query.start, 'start'), parseInstant(query.end, 'end'));
      const filters = { coin: query.coin, type: query.type, ...range };
      async function* lines(): AsyncGenerator<string> {
        yield `\ufeff${csvLine(csvHeaders[language].map(csvText))}`;
        const names: CounterpartNames = new Map();
        let before: { createdAt: Date; journalId: string; accountId: string } | undefined;
        for (;;) {
          // A range export reads the range in order; grouping it batch by batch beats probing the index per pair.
          const rows = await billQuery(
            userId,
            { ...filters, before },
            sql`order by e.created_at desc, e.journal_id desc, e.account_id desc limit ${csvBatchSize}`,
          ).execute(db);
          if (rows.rows.length === 0) return;
          let text = '';
          for (const bill of await toBills(rows.rows, userId, names)) {
            // The amount with every decimal the ledger holds: a download is read by machines, not cut for display.
            const cells = [
              csvText(bill.time),
              csvText(billTypeName(bill.type, language)),
              csvNumber(bill.type),
              csvText(bill.coin),
              csvNumber(bill.amount),
            ];
            text += csvLine([...cells, csvText(csvDetailText(bill.detail, bill.coin, language)), csvText(bill.detail.remarks ?? '')]);
          }
          yield text;
          const last = rows.rows.at(-1)!;
          before = { createdAt: last.created_at, journalId: last.journal_id, accountId: last.account_id };
          if (rows.rows.length < csvBatchSize) return;
        }
      }
      return Readable.from(lines());
    },
  };
}
