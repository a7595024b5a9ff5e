import { fromBaseUnits, type DepositRecord, type DwRecord, type DwRecordsBody } from '@coffer/contract';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { depositError } from './deposits.errors';
import { countRecordKeys, depositRecordKeys, depositRecordRows, recordKeysPage, recordKeysUnion } from './deposits.repository';
import { depositRowStatusOf, depositStatusCodes } from './deposit-statuses';
import type { AssetsApi } from '../assets';

export interface DwRecordFilters {
  coin: string | undefined;
  status: number | undefined;
  start: Date | undefined;
  end: Date | undefined;
}

/**
 * One kind of record in the deposit and withdrawal list. `select` answers the customer's
 * matching rows as exactly `(kind text, id text, time timestamptz)`, so every kind joins one
 * `union all` that is ordered and paged once; `load` then reads the page's records of its kind.
 */
export interface DwRecordSource {
  kind: DwRecord['kind'];
  select(userId: string, filters: DwRecordFilters): RawBuilder<unknown>;
  load(userId: string, ids: string[]): Promise<Map<string, DwRecord>>;
}

function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw depositError('invalidParameter', {}, field);
  return instant;
}

/** Deposits as records of the list (spec §3: time, coin, amount, progress, status). */
export function depositRecordSource(db: Db, assets: Pick<AssetsApi, 'scaleOf'>): DwRecordSource {
  return {
    kind: 'deposit',
    // The filter speaks the API's codes; a code that names no status matches nothing.
    select: (userId, filters) =>
      depositRecordKeys(userId, {
        coin: filters.coin,
        status: filters.status !== undefined ? (depositRowStatusOf(filters.status) ?? null) : undefined,
        start: filters.start,
        end: filters.end,
      }),
    async load(userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await depositRecordRows(db, userId, ids);
      return new Map(
        await Promise.all(
          rows.map(async (row): Promise<[string, DepositRecord]> => {
            const scale = await assets.scaleOf(row.asset);
            return [
              row.id,
              {
                kind: 'deposit',
                id: row.id,
                time: row.detected_at.toISOString(),
                coin: row.asset,
                chain: row.chain,
                amount: fromBaseUnits(BigInt(row.amount), scale),
                progress: `${row.confirmations}/${row.required_confirmations}`,
                confirmations: row.confirmations,
                requiredConfirmations: row.required_confirmations,
                status: depositStatusCodes[row.status],
                failReason: row.fail_reason,
                address: row.address,
                memo: row.memo,
                txid: row.txid,
                blockHeight: Number(row.block_height),
                creditedAt: row.credited_at?.toISOString() ?? null,
              },
            ];
          }),
        ),
      );
    },
  };
}

/** The deposit and withdrawal records of one customer (`pfDwTranxs`), newest first, paged. */
/** One page of the deposit and withdrawal records. */
export interface DwRecordsPage {
  pageNo: number;
  pageSize: number;
  total: number;
  records: DwRecord[];
}

export interface DwRecordsService {
  page(userId: string, body: DwRecordsBody): Promise<DwRecordsPage>;
}

export function createDwRecordsService(deps: { db: Db; sources: DwRecordSource[] }): DwRecordsService {
  return {
    async page(userId: string, body: DwRecordsBody) {
      const filters: DwRecordFilters = {
        coin: body.coin,
        status: body.status,
        start: parseInstant(body.start, 'start'),
        end: parseInstant(body.end, 'end'),
      };
      const sources = deps.sources.filter((source) => !body.kind || source.kind === body.kind);
      const empty = { pageNo: body.pageNo, pageSize: body.pageSize, total: 0, records: [] as DwRecord[] };
      if (sources.length === 0) return empty;
      const union = recordKeysUnion(sources.map((source) => source.select(userId, filters)));
      const keys = await recordKeysPage(deps.db, union, body.pageSize, (body.pageNo - 1) * body.pageSize);
      if (keys.length === 0) {
        // Past the last page the window gives no total; count it.
        return { ...empty, total: await countRecordKeys(deps.db, union) };
      }
      const loaded = new Map<string, Map<string, DwRecord>>();
      for (const source of sources) {
        const ids = keys.filter((row) => row.kind === source.kind).map((row) => row.id);
        loaded.set(source.kind, await source.load(userId, ids));
      }
      const records = keys.map((row) => loaded.get(row.kind)?.get(row.id)).filter((record): record is DwRecord => record !== undefined);
      return { pageNo: body.pageNo, pageSize: body.pageSize, total: Number(keys[0]!.total), records };
    },
  };
}
