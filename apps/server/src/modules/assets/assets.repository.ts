import { type QueryExecutorProvider, sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** A supported coin as stored, enabled or not. */
export interface AssetRecord {
  code: string;
  name: string;
  scale: number;
  displayPrecision: number;
  icon: string;
  sortOrder: number;
  /** The catalogue's reference USD price, numeric text (up to 18 decimals). */
  usdPrice: string;
  isEnabled: boolean;
}

/** One coin on one network, as the catalogue (`asset`, `asset_chain`) defines it; amounts in base units. */
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

/** A coin's setting on one chain, or which of the two the catalogue lacks. */
export type ChainSettingLookup = { setting: AssetChainSetting } | { missing: 'coin' | 'chain' };

const chainColumns = [
  'c.asset',
  'a.name',
  'a.icon',
  'a.scale',
  'a.display_precision',
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
] as const;

interface ChainRow {
  asset: string;
  name: string;
  icon: string;
  scale: number;
  display_precision: number;
  chain: string;
  token_standard: string;
  contract_address: string | null;
  confirmations_to_credit: number;
  confirmations_to_withdraw: number;
  min_deposit: string;
  min_withdrawal: string;
  withdrawal_fee: string;
  is_deposit_enabled: boolean;
  is_withdrawal_enabled: boolean;
}

function toChainSetting(row: ChainRow): AssetChainSetting {
  return {
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
  };
}

/**
 * Every coin with a reference price, enabled or not, with that price (numeric text). Takes any
 * executor: the market's migration seeds its live prices from it, before any module is built,
 * so it must keep answering this for as long as the catalogue exists.
 */
export async function readReferenceUsdPrices(executor: QueryExecutorProvider): Promise<Array<{ code: string; usdPrice: string }>> {
  const result = await sql<{ code: string; usd_price: string }>`
    select code, reference_usd_price::text as usd_price from asset where reference_usd_price > 0`.execute(executor);
  return result.rows.map((row) => ({ code: row.code, usdPrice: row.usd_price }));
}

/** The only SQL on the catalogue's tables. */
export interface AssetsRepository {
  /** Every coin, enabled or not, in catalogue order. */
  listAssets(): Promise<AssetRecord[]>;
  /** The networks of every enabled coin, in catalogue order, then by chain. */
  listChainSettings(): Promise<AssetChainSetting[]>;
  /** One enabled coin's setting on one chain (codes as given, not case-folded), or which of the two is missing. */
  findChainSetting(coin: string, chain: string): Promise<ChainSettingLookup>;
}

export function createAssetsRepository(db: Db): AssetsRepository {
  return {
    /** Every coin, enabled or not, in catalogue order. */
    async listAssets(): Promise<AssetRecord[]> {
      const rows = await db.selectFrom('asset').selectAll().orderBy('sort_order').execute();
      return rows.map((row) => ({
        code: row.code,
        name: row.name,
        scale: row.scale,
        displayPrecision: row.display_precision,
        icon: row.icon,
        sortOrder: row.sort_order,
        usdPrice: row.reference_usd_price,
        isEnabled: row.is_enabled,
      }));
    },

    /** The networks of every enabled coin, in catalogue order, then by chain. */
    async listChainSettings(): Promise<AssetChainSetting[]> {
      const rows = await db
        .selectFrom('asset_chain as c')
        .innerJoin('asset as a', 'a.code', 'c.asset')
        .select(chainColumns)
        .where('a.is_enabled', '=', true)
        .orderBy('a.sort_order')
        .orderBy('c.chain')
        .execute();
      return rows.map(toChainSetting);
    },

    /** One enabled coin's setting on one chain (codes as given, not case-folded). */
    async findChainSetting(coin: string, chain: string): Promise<ChainSettingLookup> {
      const row = await db
        .selectFrom('asset_chain as c')
        .innerJoin('asset as a', 'a.code', 'c.asset')
        .select(chainColumns)
        .where('c.asset', '=', coin)
        .where('c.chain', '=', chain)
        .where('a.is_enabled', '=', true)
        .executeTakeFirst();
      if (row) return { setting: toChainSetting(row) };
      const asset = await db.selectFrom('asset').select('code').where('code', '=', coin).where('is_enabled', '=', true).executeTakeFirst();
      return { missing: asset ? 'chain' : 'coin' };
    },
  };
}
