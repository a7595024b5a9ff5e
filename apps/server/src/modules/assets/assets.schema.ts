import type { ColumnType } from 'kysely';

/** numeric(38,0) columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;

/** A supported coin. */
export interface AssetTable {
  code: string;
  name: string;
  scale: number;
  display_precision: number;
  icon: string;
  sort_order: number;
  reference_usd_price: string;
  is_enabled: boolean;
}

/** A coin on one network, with its confirmation counts, minimums and fee in base units. */
export interface AssetChainTable {
  asset: string;
  chain: string;
  token_standard: string;
  contract_address: string | null;
  confirmations_to_credit: number;
  confirmations_to_withdraw: number;
  min_deposit: Units;
  min_withdrawal: Units;
  withdrawal_fee: Units;
  is_deposit_enabled: boolean;
  is_withdrawal_enabled: boolean;
}

export interface AssetTables {
  asset: AssetTable;
  asset_chain: AssetChainTable;
}
