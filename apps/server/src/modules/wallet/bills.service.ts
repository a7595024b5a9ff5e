import { Readable } from 'node:stream';
import {
  billTypeName,
  billTypes,
  fromBaseUnits,
  limits,
  type Bill,
  type BillsExportQuery,
  type BillsQuery,
  type Language,
  languageFromQuery,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { walletError } from './wallet.errors';
import type { AssetsApi } from '../assets';
import type { IdentityApi } from '../identity';
import { createLedgerReads, type CustomerJournalLine, type CustomerJournalLineFilters, type JournalLineCursor } from '../ledger';
import type { BillDescriber } from './bill-describer';
import { createBillDetails, csvDetailText, type BillDetailSource, type CounterpartNames } from './bill-details';
import { csvLine, csvNumber, csvText } from '../../platform/csv/csv';
import { transfersOfJournals } from './transfer.repository';

/** A journal shows in a customer's bills as the net change of each of their accounts in it (a ledger line). */
const billTypeOf = (line: Pick<CustomerJournalLine, 'billType' | 'amount'>): number =>
  line.billType === billTypes.transferOut && !line.amount.startsWith('-') ? billTypes.transferIn : line.billType;

/** A bill's type filter on the ledger's lines: a transfer in or out is the sign of a transfer journal's line. */
function typeFilter(type: number | undefined): Pick<CustomerJournalLineFilters, 'billType' | 'direction'> {
  if (type === billTypes.transferIn) return { billType: billTypes.transferOut, direction: 'credit' };
  if (type === billTypes.transferOut) return { billType: billTypes.transferOut, direction: 'debit' };
  return { billType: type };
}

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
  if (Number.isNaN(instant.getTime())) throw walletError('invalidParameter', {}, field);
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
  if (!start) throw walletError('missingParameter', {}, 'start');
  if (!end) throw walletError('missingParameter', {}, 'end');
  if (end <= start) throw walletError('invalidParameter', {}, 'end');
  const latestEnd = new Date(start);
  latestEnd.setUTCMonth(latestEnd.getUTCMonth() + limits.billDownloadMonths);
  if (end > latestEnd) throw walletError('billRangeTooLong', {}, 'end');
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
    throw walletError('invalidParameter', {}, 'timeZone');
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

/** One page of the customer's bills. */
export interface BillsPage {
  pageNo: number;
  pageSize: number;
  total: number;
  records: Bill[];
}

export interface BillsService {
  page(userId: string, query: BillsQuery): Promise<BillsPage>;
  info(userId: string, id: string): Promise<Bill>;
  exportCsv(userId: string, query: Pick<BillsQuery, 'coin' | 'type' | 'start' | 'end'>, language: Language): Readable;
}

/** Bills (spec §1, §3): filtered by coin, type and time; one page, or all of a range as CSV. */
export function createBillsService(deps: {
  db: Db;
  identity: IdentityApi;
  /** The asset catalogue: each bill's scale. */
  assets: Pick<AssetsApi, 'scaleOf'>;
  /** The modules' bill details (deposits, withdrawals, trade), registered by `app.ts`. */
  describers: readonly BillDescriber[];
}): BillsService {
  const { db, assets } = deps;
  const ledgerReads = createLedgerReads(db);
  const details = createBillDetails(deps);

  const filtersOf = (query: Pick<BillsQuery, 'coin' | 'type'>): CustomerJournalLineFilters => ({
    asset: query.coin?.trim().toUpperCase() || undefined,
    ...typeFilter(query.type),
  });

  /** Exact below the cap; beyond it the pager shows the cap (a history that long is downloaded, not paged). */
  const countCap = 10_000;

  /** The wallet's own transfers among the lines (bill type 2004 journals), with their counterparts. */
  async function transfersOf(userId: string, lines: readonly CustomerJournalLine[]) {
    const journalIds = [...new Set(lines.filter((line) => line.billType === billTypes.transferOut).map((line) => line.journalId))];
    if (journalIds.length === 0) return new Map<string, { flow_id: string; from_user_id: string; to_user_id: string }>();
    const rows = await transfersOfJournals(db, userId, journalIds);
    return new Map(rows.map((row) => [row.journal_id, row]));
  }

  /** Bills with their details: one keyed lookup for the whole set of lines, never one per line. */
  async function toBills(lines: readonly CustomerJournalLine[], userId: string, names: CounterpartNames = new Map()): Promise<Bill[]> {
    const transfers = await transfersOf(userId, lines);
    const sources = lines.map((line): BillDetailSource => {
      const transfer = transfers.get(line.journalId);
      return {
        reference_type: line.referenceType,
        reference_id: line.referenceId,
        note: line.note,
        flow_id: transfer?.flow_id ?? null,
        from_user_id: transfer?.from_user_id ?? null,
        to_user_id: transfer?.to_user_id ?? null,
      };
    });
    const [described, scales] = await Promise.all([
      details.describe(userId, sources, names),
      Promise.all(lines.map((line) => assets.scaleOf(line.asset))),
    ]);
    return lines.map((line, index): Bill => ({
      id: `${line.journalId}-${line.accountId}`,
      time: line.createdAt.toISOString(),
      type: billTypeOf(line),
      coin: line.asset,
      amount: fromBaseUnits(BigInt(line.amount), scales[index]!),
      balanceAfter: null,
      detail: described[index] ?? {},
    }));
  }

  return {
    async page(userId: string, query: BillsQuery) {
      const filters = { ...filtersOf(query), start: parseInstant(query.start, 'start'), end: parseInstant(query.end, 'end') };
      const offset = (query.pageNo - 1) * query.pageSize;
      const [lines, total] = await Promise.all([
        ledgerReads.newestCustomerLines(userId, filters, offset + query.pageSize),
        ledgerReads.countCustomerLines(userId, filters, countCap),
      ]);
      return { pageNo: query.pageNo, pageSize: query.pageSize, total, records: await toBills(lines.slice(offset), userId) };
    },

    async info(userId: string, id: string): Promise<Bill> {
      const [journalId = '0', accountId = '0'] = id.split('-');
      const found = await ledgerReads.customerLine(userId, journalId, accountId);
      if (!found) throw walletError('noMatchingData', {}, 'id');
      const [bill] = await toBills([found], userId);
      return bill!;
    },

    /**
     * The CSV of a range of at most 3 months, streamed in keyset batches, so memory holds one
     * batch whatever the range holds.
     */
    exportCsv(userId: string, query: Pick<BillsQuery, 'coin' | 'type' | 'start' | 'end'>, language: Language): Readable {
      const range = checkDownloadRange(parseInstant(query.start, 'start'), parseInstant(query.end, 'end'));
      const filters = { ...filtersOf(query), ...range };
      async function* lines(): AsyncGenerator<string> {
        yield `\ufeff${csvLine(csvHeaders[language].map(csvText))}`;
        const names: CounterpartNames = new Map();
        let before: JournalLineCursor | undefined;
        for (;;) {
          const lines = await ledgerReads.customerLinesBatch(userId, { ...filters, before }, csvBatchSize);
          if (lines.length === 0) return;
          let text = '';
          for (const bill of await toBills(lines, userId, names)) {
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
          const last = lines.at(-1)!;
          before = { createdAt: last.createdAt, journalId: last.journalId, accountId: last.accountId };
          if (lines.length < csvBatchSize) return;
        }
      }
      return Readable.from(lines());
    },
  };
}
