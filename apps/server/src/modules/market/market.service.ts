import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import { priceText, priceUnits } from './price-math';
import type { PriceSource } from './price-source';

export { percentChange } from './price-math';

/** The live price advances once per slot; the minute history keeps each minute's close. */
export const slotMs = 5_000;
export const minuteMs = 60_000;
/** Minute closes are kept this long: the longest chart range (7 days) plus a margin. */
export const historyRetentionMs = 8 * 24 * 3600_000;
/** PostgreSQL channel a tick is announced on; the payload is the slot number only. */
export const tickChannel = 'market_quotations';

export interface LivePrice {
  coin: string;
  /** USD per coin, exact decimal with at most 8 decimals. */
  usdPrice: string;
  /** The tick slot the price belongs to; 0 while it is still the catalogue's reference price. */
  seq: number;
  updatedAt: Date;
  isReference: boolean;
}

export interface WindowStats {
  /** In units of 1e-8 of the quote (USD or a coin). */
  earliest: bigint;
  high: bigint;
  low: bigint;
}

/** `null` quote: USD. Otherwise a coin code: every value is the exact quotient, cut to 8 decimals. */
function valueExpression(quote: string | null) {
  return quote === null ? sql`(c.usd_price * 100000000)::numeric(40, 0)` : sql`div(c.usd_price * 100000000, q.usd_price)::numeric(40, 0)`;
}

function quoteJoin(quote: string | null) {
  return quote === null ? sql`` : sql`join market_tick q on q.minute = c.minute and q.asset = ${quote}`;
}

export interface MarketService {
  /** Where prices come from (`PRICE_SOURCE`). */
  source: PriceSource;
  /** Advances the live prices for the slot of `at` if no process has; answers how many coins it moved. */
  tick(at?: Date): Promise<number>;
  /** Every enabled coin's live USD price, by coin code. */
  latestUsdPrices(): Promise<Map<string, LivePrice>>;
  /** First, highest and lowest minute close per coin in [since, until), in USD (`quote` null) or a coin. */
  windowStats(quote: string | null, since: Date, until: Date): Promise<Map<string, WindowStats>>;
  /** The close of each `bucketSeconds` interval since `since`, oldest first, in units of 1e-8. */
  series(coin: string, quote: string | null, since: Date, bucketSeconds: number): Promise<Array<{ time: Date; units: bigint }>>;
  /** Forgets minute closes older than the retention. */
  pruneHistory(now?: Date): Promise<void>;
}

/**
 * Prices in PostgreSQL, so every server process reads the same market: `market_price` holds
 * each coin's live price, advanced once per 5-second slot by whichever process gets there
 * first (a compare-and-set on the slot it read), and `market_tick` keeps each minute's close.
 */
export function createMarketService(deps: {
  db: Db;
  source: PriceSource;
  assets: Pick<AssetsApi, 'list' | 'referenceUsdPrices'>;
}): MarketService {
  const { db, source, assets } = deps;
  let hasSeededNewAssets = false;

  /** Coins added to the catalogue after the migration start from their reference price. */
  async function seedNewAssets(): Promise<void> {
    if (hasSeededNewAssets) return;
    const references = await assets.referenceUsdPrices();
    await sql`
      insert into market_price (asset, seq, usd_price)
      select code, 0, trunc(usd_price, 8)
        from unnest(${references.map((reference) => reference.code)}::text[], ${references.map((reference) => reference.usdPrice)}::numeric[])
          as reference (code, usd_price)
      on conflict (asset) do nothing`.execute(db);
    hasSeededNewAssets = true;
  }

  /**
   * Advances every coin to the slot of `at` and records the minute's close; announces the
   * slot when this process advanced anything. Answers how many coins it advanced (0 when
   * another process already had this slot).
   */
  async function tick(at = new Date()): Promise<number> {
    await seedNewAssets();
    const slot = Math.floor(at.getTime() / slotMs);
    const minute = new Date(Math.floor(at.getTime() / minuteMs) * minuteMs);
    const rows = await db.selectFrom('market_price').select(['asset', 'seq', 'usd_price']).execute();
    const behind = rows.filter((row) => Number(row.seq) < slot);
    if (behind.length === 0) return 0;
    const current = new Map(behind.map((row) => [row.asset, priceUnits(row.usd_price)]));
    const next = await source.nextPrices(current, slot);
    const candidates = behind.map(
      (row) => sql`(${row.asset}, ${row.seq}::bigint, ${priceText(next.get(row.asset) ?? priceUnits(row.usd_price))}::numeric)`,
    );
    const advanced = await sql<{ asset: string }>`
      with candidate (asset, read_seq, usd_price) as (values ${sql.join(candidates)}),
      advanced as (
        update market_price p
           set seq = ${slot}, usd_price = candidate.usd_price, updated_at = ${at}
          from candidate
         where p.asset = candidate.asset and p.seq = candidate.read_seq
        returning p.asset, p.usd_price
      ),
      closed as (
        insert into market_tick (asset, minute, usd_price)
        select asset, ${minute}, usd_price from advanced
        on conflict (asset, minute) do update set usd_price = excluded.usd_price
      )
      select asset from advanced`.execute(db);
    if (advanced.rows.length > 0) await sql`select pg_notify(${tickChannel}, ${String(slot)})`.execute(db);
    return advanced.rows.length;
  }

  /** Every enabled coin in catalogue order; the catalogue's reference price (cut to 8 decimals) until its first tick. */
  async function latestUsdPrices(): Promise<Map<string, LivePrice>> {
    const [catalogue, rows] = await Promise.all([
      assets.list(),
      sql<{ asset: string; usd_price: string; seq: string; updated_at: Date }>`
        select asset, usd_price::text as usd_price, seq::text as seq, updated_at from market_price`.execute(db),
    ]);
    const live = new Map(rows.rows.map((row) => [row.asset, row]));
    return new Map(
      catalogue.map((asset) => {
        const row = live.get(asset.code);
        const seq = row?.seq ?? '0';
        return [
          asset.code,
          {
            coin: asset.code,
            usdPrice: priceText(priceUnits(row?.usd_price ?? asset.usdPrice)),
            seq: Number(seq),
            updatedAt: row ? new Date(row.updated_at) : new Date(),
            isReference: seq === '0',
          },
        ];
      }),
    );
  }

  return {
    source,
    tick,
    latestUsdPrices,

    /** First, highest and lowest minute close per coin in [since, until), in USD or a coin. */
    async windowStats(quote: string | null, since: Date, until: Date): Promise<Map<string, WindowStats>> {
      const rows = await sql<{ asset: string; earliest: string; high: string; low: string }>`
        select c.asset,
               (array_agg(${valueExpression(quote)} order by c.minute))[1]::text as earliest,
               max(${valueExpression(quote)})::text as high,
               min(${valueExpression(quote)})::text as low
          from market_tick c ${quoteJoin(quote)}
         where c.minute >= ${since} and c.minute < ${until}
         group by c.asset`.execute(db);
      return new Map(rows.rows.map((row) => [row.asset, { earliest: BigInt(row.earliest), high: BigInt(row.high), low: BigInt(row.low) }]));
    },

    /**
     * The close of each `bucketSeconds` interval since `since`, oldest first, in units of 1e-8,
     * each at the minute it closed (not the interval's start), so a chart never shows a price
     * before it happened.
     */
    async series(coin: string, quote: string | null, since: Date, bucketSeconds: number): Promise<Array<{ time: Date; units: bigint }>> {
      const rows = await sql<{ closed_at: Date; close: string }>`
        select date_bin(${`${bucketSeconds} seconds`}::interval, c.minute, timestamptz '2000-01-01') as bucket,
               max(c.minute) as closed_at,
               (array_agg(${valueExpression(quote)} order by c.minute desc))[1]::text as close
          from market_tick c ${quoteJoin(quote)}
         where c.asset = ${coin} and c.minute >= ${since}
         group by bucket order by bucket`.execute(db);
      return rows.rows.map((row) => ({ time: new Date(row.closed_at), units: BigInt(row.close) }));
    },

    async pruneHistory(now = new Date()): Promise<void> {
      await db
        .deleteFrom('market_tick')
        .where('minute', '<', new Date(now.getTime() - historyRetentionMs))
        .execute();
    },
  };
}
