import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';

export interface MarketAsset {
  code: string;
  name: string;
  icon: string;
  displayPrecision: number;
}

/** The enabled coins in catalogue order, read once per process (the catalogue changes by migration). */
export function createMarketAssets(db: Db) {
  let cached: Promise<MarketAsset[]> | null = null;
  const list = () =>
    (cached ??= db
      .selectFrom('asset')
      .select(['code', 'name', 'icon', 'display_precision'])
      .where('is_enabled', '=', true)
      .orderBy('sort_order')
      .execute()
      .then((rows) => rows.map((row) => ({ code: row.code, name: row.name, icon: row.icon, displayPrecision: row.display_precision })))
      .catch((error: unknown) => {
        cached = null;
        throw error;
      }));
  return {
    list,
    /** The coin, or the catalogue's "coin not supported" error naming the field. */
    async require(code: string, field = 'coin'): Promise<MarketAsset> {
      const asset = (await list()).find((candidate) => candidate.code === code.toUpperCase());
      if (!asset) throw new AppError('coinNotSupported', {}, field);
      return asset;
    },
  };
}

export type MarketAssets = ReturnType<typeof createMarketAssets>;
