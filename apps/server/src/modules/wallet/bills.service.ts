import { Readable } from 'node:stream';
import { billTypes, fromBaseUnits, limits, type Bill, type BillsQuery, type Language } from '@coffer/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { IdentityApi } from '../identity';
import { csvLine, csvNumber, csvText } from './csv';

interface BillRow {
  journal_id: string;
  account_id: string;
  created_at: Date;
  bill_type: number;
  note: string;
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

const csvHeaders: Record<Language, string[]> = {
  en: ['Time (UTC)', 'Type', 'Coin', 'Amount', 'Detail', 'Note'],
  'zh-CN': ['时间 (UTC)', '类型', '币种', '数量', '详情', '备注'],
  'zh-TW': ['時間 (UTC)', '類型', '幣種', '數量', '詳情', '備註'],
  ru: ['Время (UTC)', 'Тип', 'Монета', 'Сумма', 'Подробности', 'Примечание'],
};

const csvBatchSize = 2000;

function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AppError('invalidParameter', {}, field);
  return instant;
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

/** Bills (spec §1, §3): filtered by coin, type and time; one page, or all of a range as CSV. */
export function createBillsService(deps: { db: Db; identity: IdentityApi }) {
  const { db, identity } = deps;

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
      select e.journal_id, e.account_id, e.created_at, j.bill_type, j.note, a.asset, s.scale, sum(e.amount)::text as amount,
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
       group by e.journal_id, e.account_id, e.created_at, j.bill_type, j.note, a.asset, s.scale, t.flow_id, t.from_user_id, t.to_user_id
      having sum(e.amount) <> 0 ${typeFilter}
      ${extra}`;
  }

  /** Counterparts repeat across bills: each is looked up once per page or export. */
  type Names = Map<string, Promise<{ masked: string }>>;
  const nameOf = (names: Names, userId: string) => {
    let name = names.get(userId);
    if (!name) names.set(userId, (name = identity.describe(userId)));
    return name;
  };

  async function detailOf(row: BillRow, userId: string, names: Names): Promise<Record<string, string>> {
    if (!row.flow_id) return row.note ? { remarks: row.note } : {};
    const isOutgoing = row.from_user_id === userId;
    const counterpart = await nameOf(names, isOutgoing ? row.to_user_id! : row.from_user_id!);
    return {
      serialNumber: row.flow_id,
      ...(isOutgoing ? { targetAccount: counterpart.masked } : { sourceAccount: counterpart.masked }),
      ...(row.note ? { remarks: row.note } : {}),
    };
  }

  async function toBill(row: BillRow, userId: string, names: Names = new Map()): Promise<Bill> {
    return {
      id: `${row.journal_id}-${row.account_id}`,
      time: row.created_at.toISOString(),
      type: billTypeOf(row),
      coin: row.asset,
      amount: fromBaseUnits(BigInt(row.amount), row.scale),
      balanceAfter: null,
      detail: await detailOf(row, userId, names),
    };
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
      const names: Names = new Map();
      const [rows, count] = await Promise.all([
        billQuery(userId, filters, sql`order by e.created_at desc, e.journal_id desc, e.account_id desc limit ${query.pageSize} offset ${offset}`).execute(db),
        sql<{ total: string }>`select count(*) as total from (${billQuery(userId, filters, sql``)}) bills`.execute(db),
      ]);
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: Number(count.rows[0]?.total ?? 0),
        records: await Promise.all(rows.rows.map((row) => toBill(row, userId, names))),
      };
    },

    async info(userId: string, id: string): Promise<Bill> {
      const [journalId = '0', accountId = '0'] = id.split('-');
      const rows = await billQuery(userId, { journalId, accountId }, sql``).execute(db);
      const found = rows.rows[0];
      if (!found) throw new AppError('noMatchingData', {}, 'id');
      return toBill(found, userId);
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
        const names: Names = new Map();
        let before: { createdAt: Date; journalId: string; accountId: string } | undefined;
        for (;;) {
          const rows = await billQuery(userId, { ...filters, before }, sql`order by e.created_at desc, e.journal_id desc, e.account_id desc limit ${csvBatchSize}`).execute(db);
          if (rows.rows.length === 0) return;
          let text = '';
          for (const row of rows.rows) {
            const bill = await toBill(row, userId, names);
            const detail = Object.entries(bill.detail)
              .filter(([key]) => key !== 'remarks')
              .map(([key, value]) => `${key}: ${value}`)
              .join('; ');
            text += csvLine([csvText(bill.time), csvNumber(bill.type), csvText(bill.coin), csvNumber(bill.amount), csvText(detail), csvText(row.note)]);
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
