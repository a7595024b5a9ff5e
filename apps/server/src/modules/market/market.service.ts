import { fromBaseUnits, toBaseUnits } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { nextPrice, priceScale } from './simulated-market';

export interface Quotation {
  coin: string;
  usdPrice: string;
  /** Percent change over the last 24 hours, two decimals, with sign; '0.00' without history. */
  change24h: string;
  high24h: string;
  low24h: string;
}

const stablecoins = new Set(['USDT', 'USDC']);
const minuteMs = 60_000;

/** Percent change a → b with two decimals, exactly (rounded toward zero). */
export function percentChange(from: bigint, to: bigint): string {
  if (from === 0n) return '0.00';
  const hundredths = ((to - from) * 10_000n) / from;
  const sign = hundredths < 0n ? '-' : '';
  const magnitude = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}

/**
 * The built-in market: a seeded random walk per coin, one tick a minute in PostgreSQL, so
 * every server process reads the same prices. The markets capability puts exchange adapters
 * beside it.
 */
export function createMarketService(deps: { db: Db; seed: string }) {
  const { db, seed } = deps;

  async function startingPrices(): Promise<Map<string, bigint>> {
    const [assets, latest] = await Promise.all([
      db.selectFrom('asset').select(['code', 'reference_usd_price']).execute(),
      sql<{ asset: string; usd_price: string }>`
        select distinct on (asset) asset, usd_price from market_tick order by asset, minute desc`.execute(db),
    ]);
    const prices = new Map<string, bigint>();
    for (const asset of assets) {
      const reference = asset.reference_usd_price.replace(/(\.\d{8})\d*$/, '$1');
      prices.set(asset.code, toBaseUnits(reference, priceScale));
    }
    for (const row of latest.rows) prices.set(row.asset, toBaseUnits(row.usd_price, priceScale));
    return prices;
  }

  /** Appends this minute's tick for every coin; a second process finds it already there. */
  async function tick(at = new Date()): Promise<number> {
      const minute = Math.floor(at.getTime() / minuteMs);
      const prices = await startingPrices();
      const rows = [...prices.entries()].map(([asset, last]) => ({
        asset,
        minute: new Date(minute * minuteMs),
        usd_price: fromBaseUnits(nextPrice(last, seed, asset, minute, stablecoins.has(asset) ? 100_000_000n : undefined), priceScale),
      }));
      const inserted = await db.insertInto('market_tick').values(rows).onConflict((conflict) => conflict.doNothing()).execute();
      await db.deleteFrom('market_tick').where('minute', '<', new Date(at.getTime() - 48 * 3600_000)).execute();
      return inserted.reduce((sum, result) => sum + Number(result.numInsertedOrUpdatedRows ?? 0n), 0);
  }

  return {
    tick,

    async quotations(now = new Date()): Promise<Quotation[]> {
      const since = new Date(now.getTime() - 24 * 3600_000);
      const rows = await sql<{ asset: string; latest: string; earliest: string; high: string; low: string }>`
        select asset,
               (array_agg(usd_price order by minute desc))[1]::text as latest,
               (array_agg(usd_price order by minute asc))[1]::text as earliest,
               max(usd_price)::text as high, min(usd_price)::text as low
          from market_tick where minute >= ${since} and minute <= ${now}
         group by asset order by asset`.execute(db);
      return rows.rows.map((row) => ({
        coin: row.asset,
        usdPrice: row.latest,
        change24h: percentChange(toBaseUnits(row.earliest, priceScale), toBaseUnits(row.latest, priceScale)),
        high24h: row.high,
        low24h: row.low,
      }));
    },

    tickJob(): JobDefinition {
      return {
        name: 'market.simulate-tick',
        cron: '* * * * *',
        handle: async () => {
          await tick();
        },
      };
    },
  };
}
