import { fromBaseUnits, type DepositRecord, type DwRecord, type DwRecordsBody } from '@coffer/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { depositError } from './deposits.errors';
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
  /** The filter speaks the API's codes; a code that names no status matches nothing. */
  const statusFilter = (code: number) => {
    const status = depositRowStatusOf(code);
    return status === undefined ? sql`and false` : sql`and d.status = ${status}`;
  };
  return {
    kind: 'deposit',
    select: (userId, filters) => sql`
      select 'deposit'::text as kind, d.id::text as id, d.detected_at as time
        from deposit d
       where d.user_id = ${userId}
         ${filters.coin ? sql`and d.asset = ${filters.coin}` : sql``}
         ${filters.status !== undefined ? statusFilter(filters.status) : sql``}
         ${filters.start ? sql`and d.detected_at >= ${filters.start}` : sql``}
         ${filters.end ? sql`and d.detected_at < ${filters.end}` : sql``}`,
    async load(userId, ids) {
      if (ids.length === 0) return new Map();
      const rows = await db
        .selectFrom('deposit as d')
        .select([
          'd.id',
          'd.detected_at',
          'd.asset',
          'd.chain',
          'd.amount',
          'd.confirmations',
          'd.required_confirmations',
          'd.status',
          'd.fail_reason',
          'd.address',
          'd.memo',
          'd.txid',
          'd.block_height',
          'd.credited_at',
        ])
        .where('d.user_id', '=', userId)
        .where('d.id', 'in', ids)
        .execute();
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
      const union = sql.join(
        sources.map((source) => sql`(${source.select(userId, filters)})`),
        sql` union all `,
      );
      const page = await sql<{ kind: DwRecord['kind']; id: string; total: string }>`
        select kind, id, count(*) over () as total
          from (${union}) as records
         order by time desc, id::bigint desc
         limit ${body.pageSize} offset ${(body.pageNo - 1) * body.pageSize}`.execute(deps.db);
      if (page.rows.length === 0) {
        // Past the last page the window gives no total; count it.
        const counted = await sql<{ total: string }>`select count(*) as total from (${union}) as records`.execute(deps.db);
        return { ...empty, total: Number(counted.rows[0]?.total ?? 0) };
      }
      const loaded = new Map<string, Map<string, DwRecord>>();
      for (const source of sources) {
        const ids = page.rows.filter((row) => row.kind === source.kind).map((row) => row.id);
        loaded.set(source.kind, await source.load(userId, ids));
      }
      const records = page.rows
        .map((row) => loaded.get(row.kind)?.get(row.id))
        .filter((record): record is DwRecord => record !== undefined);
      return { pageNo: body.pageNo, pageSize: body.pageSize, total: Number(page.rows[0]!.total), records };
    },
  };
}
