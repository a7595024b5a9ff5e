import {
  custodyBatchColumns,
  custodyBatchLimits,
  errorCatalogue,
  errorMessage,
  fromBaseUnits,
  isFormulaCell,
  type CustodyBatchValidation,
  type ErrorKey,
  type ErrorParams,
  type Language,
} from '@coffer/contract';
import { DomainError } from '../../platform/errors/domain-error';
import type { AssetsApi } from '../assets';
import { readCsv } from './batch-csv';
import { hasControlCharacters, type CustodyDestinations } from './custody-destinations';
import { custodyError } from './custody.errors';
import { unitsOf } from './internal-move.service';
import { evaluatePolicy, type PolicyFacts } from './order-policy';
import { refusalOf } from './order-view';

/**
 * Pre-validation of a batch withdrawal CSV (issue 18 item 7), before anything is held: the file
 * (`readBatchFile`: CSV text by its bytes, not its name), each row's fields (`checkBatchRows`:
 * formula cells, coin of the line, network, address and tag by the chain's rules, amount > 0 at
 * the coin's precision, note, duplicates) and the policy engine over the rows (`applyBatchPolicy`:
 * the same pure function as a single order, then the limit headroom of the whole batch).
 */

type Problem = CustodyBatchValidation['rows'][number]['problems'][number];

/** A row as read, its problems, and — when its fields are valid — the order it would be. */
export interface BatchRow {
  line: number;
  cells: Record<(typeof custodyBatchColumns)[number], string>;
  problems: Array<{ key: ErrorKey; params: ErrorParams; field: string | null }>;
  order: { asset: string; chain: string; address: string; tag: string; amount: bigint; fee: bigint; scale: number; note: string } | null;
}

export interface BatchFile {
  rows: BatchRow[];
  /** The business line id named by the template's header comment, when there is one. */
  markedLineId: string | null;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Whether the bytes hold a control character other than tab, CR and LF (binary, NUL…). */
function hasBinary(text: string): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}

/**
 * The uploaded file as rows: its name must end in `.csv`, its bytes be UTF-8 text without NUL or
 * other control characters (a zip, an image or a spreadsheet workbook is not), its first row the
 * template's columns; at most `custodyBatchLimits` rows and bytes; at least one row.
 */
export function readBatchFile(file: { fileName: string; content: string }): BatchFile {
  const bytes = Buffer.from(file.content, 'base64');
  if (bytes.length > custodyBatchLimits.maxBytes) throw tooLarge();
  if (!/\.csv$/i.test(file.fileName) || bytes.length === 0) throw custodyError('csvRequired', {}, 'content');
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    throw custodyError('csvRequired', {}, 'content');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (hasBinary(text)) throw custodyError('csvRequired', {}, 'content');
  const records = readCsv(text);
  let markedLineId: string | null = null;
  for (const record of records) {
    const mark = record.comment ? /\bline:(\d{1,18})\b/.exec(record.cells[0] ?? '') : null;
    if (mark) markedLineId = mark[1]!;
  }
  const [header, ...data] = records.filter((record) => !record.comment);
  const columns = custodyBatchColumns.join(', ');
  if (!header) throw custodyError('csvRequired', {}, 'content');
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  if (header.malformed || names.length !== custodyBatchColumns.length || names.some((name, at) => name !== custodyBatchColumns[at]))
    throw custodyError('custodyBatchColumnsInvalid', { columns }, 'content');
  if (data.length === 0) throw custodyError('csvRequired', {}, 'content');
  if (data.length > custodyBatchLimits.maxRows) throw tooLarge();
  const rows = data.map((record): BatchRow => {
    const [coin = '', network = '', amount = '', address = '', tag = '', note = ''] = record.cells;
    const row: BatchRow = { line: record.line, cells: { coin, network, amount, address, tag, note }, problems: [], order: null };
    if (record.malformed || record.cells.length !== custodyBatchColumns.length)
      row.problems.push({ key: 'custodyBatchRowMalformed', params: { count: String(custodyBatchColumns.length) }, field: null });
    return row;
  });
  return { rows, markedLineId };
}

function tooLarge(): DomainError {
  return custodyError('custodyBatchTooLarge', {
    maxRows: String(custodyBatchLimits.maxRows),
    maxKb: String(Math.floor(custodyBatchLimits.maxBytes / 1000)),
  });
}

function problemOf(error: unknown, fallbackField: string): BatchRow['problems'][number] {
  if (error instanceof DomainError) return { key: error.key, params: error.params, field: error.field ?? fallbackField };
  throw error;
}

/**
 * Each row's fields, in this order, the first failure of each field group being its problem:
 * formula cells (any column; an amount starting with `-` is a negative amount instead), control
 * characters, the business line named by the file, the coin among the line's currencies, the
 * network, address and tag by the chain's rules (with the note's length), the amount (> 0, at
 * most the coin's decimals). Valid rows get their order and the network's fee; a row repeating
 * an earlier one (coin, network, address, tag, amount) is flagged.
 */
export async function checkBatchRows(
  file: BatchFile,
  context: {
    lineId: string;
    currencies: readonly string[];
    destinations: CustodyDestinations;
    assets: Pick<AssetsApi, 'get' | 'chainSettings'>;
  },
): Promise<BatchRow[]> {
  const settings = await context.assets.chainSettings();
  const currencies = new Set(context.currencies);
  const seen = new Map<string, number>();
  for (const row of file.rows) {
    if (row.problems.length > 0) continue;
    const cells = row.cells;
    for (const column of custodyBatchColumns) {
      const cell = cells[column];
      if (column === 'amount' && cell.trimStart().startsWith('-')) continue;
      if (isFormulaCell(cell) || isFormulaCell(cell.trimStart()))
        row.problems.push({ key: 'custodyBatchFormulaCell', params: {}, field: column });
      else if (hasControlCharacters(cell)) row.problems.push({ key: 'invalidParameter', params: {}, field: column });
    }
    if (file.markedLineId !== null && file.markedLineId !== context.lineId)
      row.problems.push({ key: 'importedBusinessLineMismatch', params: {}, field: null });
    if (row.problems.length > 0) continue;
    const coin = cells.coin.trim().toUpperCase();
    if (!currencies.has(coin)) {
      row.problems.push({ key: 'importedCoinMismatch', params: {}, field: 'coin' });
      continue;
    }
    try {
      const destination = await context.destinations.check(
        { asset: coin, chain: cells.network.trim().toLowerCase(), address: cells.address.trim(), tag: cells.tag.trim(), note: cells.note },
        undefined,
      );
      const asset = await context.assets.get(destination.asset);
      const amountText = cells.amount.trim();
      if (!/^\d+(\.\d+)?$/.test(amountText)) throw custodyError('custodyAmountInvalid', { decimals: String(asset.scale) }, 'amount');
      const amount = unitsOf(amountText, asset.scale);
      const setting = settings.find((each) => each.asset === asset.code && each.chain === destination.chain);
      if (!setting) throw custodyError('withdrawalNetworkNotSupported', {}, 'network');
      row.order = { ...destination, amount, fee: setting.withdrawalFee, scale: asset.scale };
    } catch (error) {
      const problem = problemOf(error, 'address');
      row.problems.push({ ...problem, field: problem.field === 'chain' ? 'network' : problem.field === 'asset' ? 'coin' : problem.field });
      continue;
    }
    const key = [row.order.asset, row.order.chain, row.order.address, row.order.tag, row.order.amount].join('\u0000');
    const first = seen.get(key);
    if (first === undefined) seen.set(key, row.line);
    else row.problems.push({ key: 'custodyBatchDuplicateRow', params: { line: String(first) }, field: null });
  }
  return file.rows;
}

/**
 * The policy engine over the rows with valid fields, per coin with that coin's facts: each row
 * by `evaluatePolicy` as a single order (asset and account of the line, whitelist, cooling
 * period, per-transaction limit, minimum reviewers…), then the whole batch against the rolling
 * windows: the rows of a coin, in file order, add up, and a row past what a window has left is
 * refused with that window's rule.
 */
export function applyBatchPolicy(
  rows: BatchRow[],
  base: { submitterMemberId: string; accountId: string },
  factsOf: (asset: string) => PolicyFacts,
): void {
  const added = new Map<string, bigint>();
  for (const row of rows) {
    if (!row.order || row.problems.length > 0) continue;
    const { order } = row;
    const facts = factsOf(order.asset);
    const verdict = evaluatePolicy({ ...base, ...order, orderId: null }, facts);
    if (verdict.verdict === 'refused') {
      const refusal = refusalOf(verdict, order.scale);
      row.problems.push({ key: refusal.key, params: refusal.params, field: null });
      continue;
    }
    const sum = (added.get(order.asset) ?? 0n) + order.amount;
    added.set(order.asset, sum);
    const over = verdict.limits.find((window) => window.window !== 'perTransaction' && sum > window.remaining);
    if (over) {
      const refusal = refusalOf({ ...verdict, verdict: 'refused', rule: over.window }, order.scale);
      row.problems.push({ key: refusal.key, params: refusal.params, field: null });
      // A refused row does not count against the windows of the rows after it.
      added.set(order.asset, sum - order.amount);
    }
  }
}

/** The answer row by row, with each problem's code and message in the caller's language. */
export function batchAnswer(rows: BatchRow[], language: Language): CustodyBatchValidation {
  const totals = new Map<string, { amount: bigint; fee: bigint; scale: number }>();
  const answerRows = rows.map((row) => {
    const problems: Problem[] = row.problems.map((problem) => ({
      code: errorCatalogue[problem.key].code,
      message: errorMessage(problem.key, language, problem.params),
      field: problem.field,
    }));
    if (row.order && problems.length === 0) {
      const total = totals.get(row.order.asset) ?? { amount: 0n, fee: 0n, scale: row.order.scale };
      totals.set(row.order.asset, { ...total, amount: total.amount + row.order.amount, fee: total.fee + row.order.fee });
    }
    return {
      line: row.line,
      ...row.cells,
      fee: row.order && problems.length === 0 ? fromBaseUnits(row.order.fee, row.order.scale) : null,
      problems,
    };
  });
  const problemRows = answerRows.filter((row) => row.problems.length > 0).length;
  return {
    clean: problemRows === 0,
    rowCount: rows.length,
    problemRows,
    totals: [...totals].map(([coin, total]) => ({
      coin,
      amount: fromBaseUnits(total.amount, total.scale),
      fee: fromBaseUnits(total.fee, total.scale),
    })),
    rows: answerRows,
  };
}
