import { AsyncResource } from 'node:async_hooks';
import { fromBaseUnits, type Currency } from '@coffer/contract';
import { assetsError } from './assets.errors';
import type { AssetChainSetting, AssetRecord, AssetsRepository, ChainSettingLookup } from './assets.repository';
import type { AssetsApi } from './index';

export interface AssetInfo {
  code: string;
  name: string;
  scale: number;
  displayPrecision: number;
  icon: string;
  /** The catalogue's reference USD price (numeric text), not the market's live one. */
  usdPrice: string;
  sortOrder: number;
}

/** Chain settings change rarely (an operator's switch); a few seconds of staleness is fine. */
export const chainSettingsCacheMs = 5_000;

interface Catalogue {
  enabled: AssetInfo[];
  /** Every coin's decimals, disabled ones too: their records keep showing. */
  scales: Map<string, number>;
}

function toInfo(record: AssetRecord): AssetInfo {
  return {
    code: record.code,
    name: record.name,
    scale: record.scale,
    displayPrecision: record.displayPrecision,
    icon: record.icon,
    usdPrice: record.usdPrice,
    sortOrder: record.sortOrder,
  };
}

/** The catalogue's part of `AssetsApi` (`index.ts`): everything but the reference prices, which migrations read too. */
export type AssetCatalogue = Omit<AssetsApi, 'referenceUsdPrices'>;

/**
 * The supported coins (spec §1: BTC, ETH, USDT, USDC, XRP), read once per process (coins
 * change by migration), and their networks, read again after a few seconds.
 */
export function createAssetCatalogue(repository: AssetsRepository): AssetCatalogue {
  let catalogue: Promise<Catalogue> | null = null;
  let chains: { at: number; settings: Promise<AssetChainSetting[]> } | null = null;

  const load = (): Promise<Catalogue> =>
    (catalogue ??= repository
      .listAssets()
      .then((records) => ({
        enabled: records.filter((record) => record.isEnabled).map(toInfo),
        scales: new Map(records.map((record) => [record.code, record.scale])),
      }))
      .catch((error: unknown) => {
        catalogue = null;
        throw error;
      }));

  const list = async (): Promise<AssetInfo[]> => (await load()).enabled;

  /**
   * A refresh runs in the catalogue's own async scope, not its caller's: a caller inside a
   * transaction never waits for it (it is given the settings it had), so it never holds its
   * connection while asking the pool for another.
   */
  const scope = new AsyncResource('coffer.asset-catalogue');
  let refreshing = false;

  const readChainSettings = (): Promise<AssetChainSetting[]> => {
    const settings = repository.listChainSettings();
    chains = { at: Date.now(), settings };
    settings.catch(() => {
      chains = null;
    });
    return settings;
  };

  /** Read once, then served from memory and read again behind the callers after a few seconds. */
  const chainSettings = async (): Promise<AssetChainSetting[]> => {
    if (!chains) return readChainSettings();
    if (Date.now() - chains.at >= chainSettingsCacheMs && !refreshing) {
      refreshing = true;
      const current = chains;
      scope.runInAsyncScope(() => {
        const next = repository.listChainSettings();
        next
          .then(() => {
            chains = { at: Date.now(), settings: next };
          })
          // A failed refresh keeps the settings it had; the next call tries again.
          .catch(() => undefined)
          .finally(() => {
            refreshing = false;
          });
      });
      return current.settings;
    }
    return chains.settings;
  };

  return {
    list,

    async get(code: string, field = 'coin'): Promise<AssetInfo> {
      const asset = (await list()).find((candidate) => candidate.code === code.toUpperCase());
      if (!asset) throw assetsError('coinNotSupported', {}, field);
      return asset;
    },

    async scaleOf(code: string): Promise<number> {
      const known = (await load()).scales.get(code);
      if (known !== undefined) return known;
      // A coin added since the catalogue was read (records name only coins the catalogue has).
      catalogue = null;
      const scale = (await load()).scales.get(code);
      if (scale === undefined) throw new Error(`coin ${code} is not in the asset catalogue`);
      return scale;
    },

    chainSettings,

    async warm(): Promise<void> {
      await Promise.all([load(), chainSettings()]);
    },

    readChainSetting: (coin: string, chain: string): Promise<ChainSettingLookup> => repository.findChainSetting(coin, chain),

    async currencies(): Promise<Currency[]> {
      const [assets, settings] = await Promise.all([list(), chainSettings()]);
      return assets.map((asset) => ({
        coin: asset.code,
        name: asset.name,
        scale: asset.scale,
        displayPrecision: asset.displayPrecision,
        icon: asset.icon,
        usdPrice: asset.usdPrice,
        chains: settings
          .filter((setting) => setting.asset === asset.code)
          .map((setting) => ({
            chain: setting.chain,
            tokenStandard: setting.tokenStandard,
            confirmationsToCredit: setting.confirmationsToCredit,
            confirmationsToWithdraw: setting.confirmationsToWithdraw,
            minDeposit: fromBaseUnits(setting.minDeposit, asset.scale),
            minWithdrawal: fromBaseUnits(setting.minWithdrawal, asset.scale),
            withdrawalFee: fromBaseUnits(setting.withdrawalFee, asset.scale),
            isDepositEnabled: setting.isDepositEnabled,
            isWithdrawalEnabled: setting.isWithdrawalEnabled,
          })),
      }));
    },
  };
}
