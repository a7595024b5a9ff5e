import type { Db } from '../../platform/db/database';
import type { MarketAssets } from './market-assets';

/** A signed-in customer's favourite coins; every query is scoped to the caller. */
export function createFavouritesService(deps: { db: Db; assets: MarketAssets }) {
  const { db, assets } = deps;

  async function list(userId: string): Promise<string[]> {
    const [catalogue, rows] = await Promise.all([
      assets.list(),
      db.selectFrom('market_favourite').select('asset').where('user_id', '=', userId).execute(),
    ]);
    const chosen = new Set(rows.map((row) => row.asset));
    return catalogue.filter((asset) => chosen.has(asset.code)).map((asset) => asset.code);
  }

  return {
    list,
    async add(userId: string, coin: string): Promise<string[]> {
      const asset = await assets.require(coin);
      await db
        .insertInto('market_favourite')
        .values({ user_id: userId, asset: asset.code })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return list(userId);
    },
    async remove(userId: string, coin: string): Promise<string[]> {
      const asset = await assets.require(coin);
      await db.deleteFrom('market_favourite').where('user_id', '=', userId).where('asset', '=', asset.code).execute();
      return list(userId);
    },
    async has(userId: string, coin: string): Promise<boolean> {
      const row = await db
        .selectFrom('market_favourite')
        .select('asset')
        .where('user_id', '=', userId)
        .where('asset', '=', coin)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type FavouritesService = ReturnType<typeof createFavouritesService>;
