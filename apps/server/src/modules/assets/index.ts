import type { Currency } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { createAssetCatalogue, type AssetInfo } from './asset-catalogue';
import { createAssetsRepository, readReferenceUsdPrices, type AssetChainSetting, type ChainSettingLookup } from './assets.repository';

export type { AssetInfo } from './asset-catalogue';
export type { AssetChainSetting, ChainSettingLookup } from './assets.repository';
/** For migrations, which run before any module is built. */
export { readReferenceUsdPrices } from './assets.repository';

/** What other modules read of the asset catalogue; none of them names its tables. */
export interface AssetsApi {
  /** The enabled coins in catalogue order; read once per process, so hot paths pay no round trip. */
  list(): Promise<AssetInfo[]>;
  /** An enabled coin by code (any case), or `coinNotSupported` naming `field` (default `coin`). */
  get(code: string, field?: string): Promise<AssetInfo>;
  /** The decimals of a coin the catalogue holds, enabled or not (for showing stored records). */
  scaleOf(code: string): Promise<number>;
  /**
   * The networks of every enabled coin (confirmations, minimums, fee, contract), catalogue order
   * then chain; about 5 s old at most: once read, served from memory while it is read again.
   */
  chainSettings(): Promise<AssetChainSetting[]>;
  /** Reads the coins and their networks now, so that no later caller (inside a transaction, say) waits for the first read. */
  warm(): Promise<void>;
  /** One coin's setting on one chain, read now (a withdrawal sees an operator's switch at once); codes as given. */
  readChainSetting(coin: string, chain: string): Promise<ChainSettingLookup>;
  /** The coins with their networks in amounts of the coin, as `getCurrencies` answers them. */
  currencies(): Promise<Currency[]>;
  /** Every coin with a reference price, enabled or not: where the market's live prices start. */
  referenceUsdPrices(): Promise<Array<{ code: string; usdPrice: string }>>;
}

/** What `app.ts` gets: the API, built once and handed to the modules that read the catalogue. */
export interface AssetsModule {
  api: AssetsApi;
}

/** The asset catalogue: the supported coins and their networks (`asset`, `asset_chain`). */
export function createAssetsModule(deps: { db: Db }): AssetsModule {
  const api: AssetsApi = {
    ...createAssetCatalogue(createAssetsRepository(deps.db)),
    referenceUsdPrices: () => readReferenceUsdPrices(deps.db),
  };
  return { api };
}
