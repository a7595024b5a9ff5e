import type { AutoSwapStatus, SpotOrderStatus, TradeSettlement, TradeSide } from '@coffer/contract';
import type { ColumnType, Generated } from 'kysely';

/** numeric(38,0) columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;

export interface TradeSigningKeyTable {
  key_id: string;
  public_key: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

export interface TradeQuoteTable {
  id: ColumnType<string, string | bigint, never>;
  user_id: string;
  purpose: 'spot' | 'autoSwap';
  pair: string;
  base_asset: string;
  quote_asset: string;
  side: TradeSide;
  price: Units;
  price_scale: number;
  base_amount: Units;
  quote_amount: Units;
  fee: Units;
  fee_rate: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  key_id: string;
  signature: string;
  settlement: ColumnType<TradeSettlement, TradeSettlement | undefined, never>;
}

export interface TradeOrderTable {
  id: Id;
  user_id: string;
  quote_id: string;
  pair: string;
  side: TradeSide;
  status: SpotOrderStatus;
  status_reason: string | null;
  expires_at: Timestamp;
  created_at: Timestamp;
  paid_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  updated_at: Timestamp;
  settlement: ColumnType<TradeSettlement, TradeSettlement | undefined, never>;
  hold_id: string | null;
  refunded_at: NullableTimestamp;
}

/** The simulated liquidity channel's decisions, one per order. */
export interface TradeChannelExecutionTable {
  order_id: string;
  outcome: 'filled' | 'rejected';
  reason: string | null;
  market_price: Units;
  decided_at: Timestamp;
}

export interface AutoSwapSettingTable {
  user_id: string;
  source_asset: string;
  target_asset: string;
  enabled: boolean;
  enabled_at: Timestamp;
  updated_at: Timestamp;
}

export interface AutoSwapRecordTable {
  id: Id;
  user_id: string;
  deposit_journal_id: string;
  source_asset: string;
  target_asset: string;
  source_amount: Units;
  quote_id: string | null;
  status: AutoSwapStatus;
  status_reason: string | null;
  attempts: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
  completed_at: NullableTimestamp;
}

export interface TradeTables {
  trade_signing_key: TradeSigningKeyTable;
  trade_quote: TradeQuoteTable;
  trade_order: TradeOrderTable;
  auto_swap_setting: AutoSwapSettingTable;
  auto_swap_record: AutoSwapRecordTable;
  trade_cursor: { name: string; last_id: string };
  trade_channel_execution: TradeChannelExecutionTable;
}
