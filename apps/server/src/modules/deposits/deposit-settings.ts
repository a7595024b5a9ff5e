import type { AssetChainSetting, AssetsApi } from '../assets';

/** The catalogue's chain settings of enabled coins (at most a few seconds old), as the watcher and address service look them up. */
/** The catalogue's chain settings as the deposits read them. */
export interface DepositSettings {
  all(): Promise<AssetChainSetting[]>;
  forChain(chain: string): Promise<Map<string, AssetChainSetting>>;
  find(asset: string, chain: string): Promise<AssetChainSetting | undefined>;
}

export function createDepositSettings(assets: Pick<AssetsApi, 'chainSettings'>): DepositSettings {
  return {
    all: (): Promise<AssetChainSetting[]> => assets.chainSettings(),
    async forChain(chain: string): Promise<Map<string, AssetChainSetting>> {
      return new Map((await assets.chainSettings()).filter((row) => row.chain === chain).map((row) => [row.asset, row]));
    },
    async find(asset: string, chain: string): Promise<AssetChainSetting | undefined> {
      return (await assets.chainSettings()).find((row) => row.asset === asset && row.chain === chain);
    },
  };
}
