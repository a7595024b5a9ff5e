import type { Db } from '../../platform/db/database';

/** One coin on one network, as the asset catalogue (`asset`, `asset_chain`) defines it. */
export interface AssetChainSetting {
  asset: string;
  name: string;
  icon: string;
  scale: number;
  displayPrecision: number;
  chain: string;
  tokenStandard: string;
  contractAddress: string | null;
  confirmationsToCredit: number;
  confirmationsToWithdraw: number;
  minDeposit: bigint;
  minWithdrawal: bigint;
  withdrawalFee: bigint;
  isDepositEnabled: boolean;
  isWithdrawalEnabled: boolean;
}

/** Catalogue rows change rarely (an operator's switch); a few seconds of staleness is fine. */
const cacheMs = 5_000;

/** The catalogue's chain settings of enabled coins, in catalogue order. */
export function createDepositSettings(db: Db) {
  let cached: { at: number; rows: Promise<AssetChainSetting[]> } | null = null;

  const load = (): Promise<AssetChainSetting[]> => {
    if (cached && Date.now() - cached.at < cacheMs) return cached.rows;
    const rows = db
      .selectFrom('asset_chain as c')
      .innerJoin('asset as a', 'a.code', 'c.asset')
      .select([
        'c.asset',
        'a.name',
        'a.icon',
        'a.scale',
        'a.display_precision',
        'a.sort_order',
        'c.chain',
        'c.token_standard',
        'c.contract_address',
        'c.confirmations_to_credit',
        'c.confirmations_to_withdraw',
        'c.min_deposit',
        'c.min_withdrawal',
        'c.withdrawal_fee',
        'c.is_deposit_enabled',
        'c.is_withdrawal_enabled',
      ])
      .where('a.is_enabled', '=', true)
      .orderBy('a.sort_order')
      .orderBy('c.chain')
      .execute()
      .then((found) =>
        found.map((row) => ({
          asset: row.asset,
          name: row.name,
          icon: row.icon,
          scale: row.scale,
          displayPrecision: row.display_precision,
          chain: row.chain,
          tokenStandard: row.token_standard,
          contractAddress: row.contract_address,
          confirmationsToCredit: row.confirmations_to_credit,
          confirmationsToWithdraw: row.confirmations_to_withdraw,
          minDeposit: BigInt(row.min_deposit),
          minWithdrawal: BigInt(row.min_withdrawal),
          withdrawalFee: BigInt(row.withdrawal_fee),
          isDepositEnabled: row.is_deposit_enabled,
          isWithdrawalEnabled: row.is_withdrawal_enabled,
        })),
      );
    cached = { at: Date.now(), rows };
    rows.catch(() => {
      cached = null;
    });
    return rows;
  };

  return {
    all: load,
    async forChain(chain: string): Promise<Map<string, AssetChainSetting>> {
      return new Map((await load()).filter((row) => row.chain === chain).map((row) => [row.asset, row]));
    },
    async find(asset: string, chain: string): Promise<AssetChainSetting | undefined> {
      return (await load()).find((row) => row.asset === asset && row.chain === chain);
    },
  };
}

export type DepositSettings = ReturnType<typeof createDepositSettings>;
