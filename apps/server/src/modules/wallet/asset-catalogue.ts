import type { Currency } from '@coffer/contract';
import { fromBaseUnits } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';

export interface AssetInfo {
  code: string;
  name: string;
  scale: number;
  displayPrecision: number;
  icon: string;
  usdPrice: string;
  sortOrder: number;
}

/** The supported coins (spec §1, issue: BTC, ETH, USDT, USDC, XRP) with their chain settings. */
export function createAssetCatalogue(db: Db) {
  let cached: Promise<AssetInfo[]> | null = null;

  const load = () =>
    (cached ??= db
      .selectFrom('asset')
      .selectAll()
      .where('is_enabled', '=', true)
      .orderBy('sort_order')
      .execute()
      .then((rows) =>
        rows.map((row) => ({
          code: row.code,
          name: row.name,
          scale: row.scale,
          displayPrecision: row.display_precision,
          icon: row.icon,
          usdPrice: row.reference_usd_price,
          sortOrder: row.sort_order,
        })),
      )
      .catch((error: unknown) => {
        cached = null;
        throw error;
      }));

  return {
    list: load,
    async get(code: string): Promise<AssetInfo> {
      const asset = (await load()).find((candidate) => candidate.code === code.toUpperCase());
      if (!asset) throw new AppError('coinNotSupported', {}, 'coin');
      return asset;
    },
    async currencies(): Promise<Currency[]> {
      const [assets, chains] = await Promise.all([load(), db.selectFrom('asset_chain').selectAll().execute()]);
      return assets.map((asset) => ({
        coin: asset.code,
        name: asset.name,
        scale: asset.scale,
        displayPrecision: asset.displayPrecision,
        icon: asset.icon,
        usdPrice: asset.usdPrice,
        chains: chains
          .filter((chain) => chain.asset === asset.code)
          .map((chain) => ({
            chain: chain.chain,
            tokenStandard: chain.token_standard,
            confirmationsToCredit: chain.confirmations_to_credit,
            confirmationsToWithdraw: chain.confirmations_to_withdraw,
            minDeposit: fromBaseUnits(BigInt(chain.min_deposit), asset.scale),
            minWithdrawal: fromBaseUnits(BigInt(chain.min_withdrawal), asset.scale),
            withdrawalFee: fromBaseUnits(BigInt(chain.withdrawal_fee), asset.scale),
            isDepositEnabled: chain.is_deposit_enabled,
            isWithdrawalEnabled: chain.is_withdrawal_enabled,
          })),
      }));
    },
  };
}

export type AssetCatalogue = ReturnType<typeof createAssetCatalogue>;
