import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import {
  advancePrices,
  bucketCloses,
  deleteMinuteClosesBefore,
  livePriceRows,
  livePrices,
  minuteCloseStats,
  notifySlot,
  seedMissingPrices,
} from './market.repository';
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
    await seedMissingPrices(db, references);
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
    const rows = await livePriceRows(db);
    const behind = rows.filter((row) => Number(row.seq) < slot);
    if (behind.length === 0) return 0;
    const current = new Map(behind.map((row) => [row.asset, priceUnits(row.usd_price)]));
    const next = await source.nextPrices(current, slot);
    const candidates = behind.map((row) => ({
      asset: row.asset,
      readSeq: row.seq,
      usdPrice: priceText(next.get(row.asset) ?? priceUnits(row.usd_price)),
    }));
    const advanced = await advancePrices(db, { slot, minute, at, candidates });
    if (advanced.length > 0) await notifySlot(db, tickChannel, slot);
    return advanced.length;
  }

  /** Every enabled coin in catalogue order; the catalogue's reference price (cut to 8 decimals) until its first tick. */
  async function latestUsdPrices(): Promise<Map<string, LivePrice>> {
    const [catalogue, rows] = await Promise.all([assets.list(), livePrices(db)]);
    const live = new Map(rows.map((row) => [row.asset, row]));
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
      const rows = await minuteCloseStats(db, quote, since, until);
      return new Map(rows.map((row) => [row.asset, { earliest: BigInt(row.earliest), high: BigInt(row.high), low: BigInt(row.low) }]));
    },

    /**
     * The close of each `bucketSeconds` interval since `since`, oldest first, in units of 1e-8,
     * each at the minute it closed (not the interval's start), so a chart never shows a price
     * before it happened.
     */
    async series(coin: string, quote: string | null, since: Date, bucketSeconds: number): Promise<Array<{ time: Date; units: bigint }>> {
      const rows = await bucketCloses(db, coin, quote, since, bucketSeconds);
      return rows.map((row) => ({ time: new Date(row.closed_at), units: BigInt(row.close) }));
    },

    async pruneHistory(now = new Date()): Promise<void> {
      await deleteMinuteClosesBefore(db, new Date(now.getTime() - historyRetentionMs));
    },
  };
}
