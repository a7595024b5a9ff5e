import type { AssetsApi } from '../assets';
import type { FavouritesRepository } from './favourites.repository';

/** A signed-in customer's favourite coins; every query is scoped to the caller. */
export interface FavouritesService {
  /** The customer's favourites, in catalogue order. */
  list(userId: string): Promise<string[]>;
  /** Adds a coin (any case; coinNotSupported otherwise); answers the list. */
  add(userId: string, coin: string): Promise<string[]>;
  remove(userId: string, coin: string): Promise<string[]>;
  has(userId: string, coin: string): Promise<boolean>;
}

export function createFavouritesService(deps: {
  favourites: FavouritesRepository;
  assets: Pick<AssetsApi, 'list' | 'get'>;
}): FavouritesService {
  const { favourites, assets } = deps;

  async function list(userId: string): Promise<string[]> {
    const [catalogue, coins] = await Promise.all([assets.list(), favourites.coinsOf(userId)]);
    const chosen = new Set(coins);
    return catalogue.filter((asset) => chosen.has(asset.code)).map((asset) => asset.code);
  }

  return {
    list,
    async add(userId, coin) {
      const asset = await assets.get(coin);
      await favourites.add(userId, asset.code);
      return list(userId);
    },
    async remove(userId, coin) {
      const asset = await assets.get(coin);
      await favourites.remove(userId, asset.code);
      return list(userId);
    },
    has: (userId, coin) => favourites.has(userId, coin),
  };
}
