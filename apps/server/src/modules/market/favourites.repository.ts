import type { Db } from '../../platform/db/database';

/** The only SQL over `market_favourite`; every statement is scoped to one customer. */
export interface FavouritesRepository {
  /** The customer's favourite coin codes, in no order. */
  coinsOf(userId: string): Promise<string[]>;
  /** Adds a favourite; one already there stays as it is. */
  add(userId: string, asset: string): Promise<void>;
  remove(userId: string, asset: string): Promise<void>;
  has(userId: string, asset: string): Promise<boolean>;
}

export function createFavouritesRepository(db: Db): FavouritesRepository {
  return {
    async coinsOf(userId) {
      const rows = await db.selectFrom('market_favourite').select('asset').where('user_id', '=', userId).execute();
      return rows.map((row) => row.asset);
    },
    async add(userId, asset) {
      await db
        .insertInto('market_favourite')
        .values({ user_id: userId, asset })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },
    async remove(userId, asset) {
      await db.deleteFrom('market_favourite').where('user_id', '=', userId).where('asset', '=', asset).execute();
    },
    async has(userId, asset) {
      const row = await db
        .selectFrom('market_favourite')
        .select('asset')
        .where('user_id', '=', userId)
        .where('asset', '=', asset)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
