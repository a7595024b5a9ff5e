import type { ColumnType, Generated } from 'kysely';
import type { ChainDevnetTables } from '../../modules/chain/chain-devnets.schema';
import type {
  ChainScannedBlockTable,
  DepositAddressCounterTable,
  DepositAddressTable,
  DepositTable,
} from '../../modules/deposits/deposits.schema';
import type { MarketFavouriteTable, MarketPriceTable } from '../../modules/market/market.schema';
import type { ResearchReportTable } from '../../modules/research/research.schema';
import type { TradeTables } from '../../modules/trade/trade.schema';
import type { WalletTables } from '../../modules/wallet/wallet.schema';
import type { WithdrawalTables } from '../../modules/withdrawals/withdrawals.schema';

/**
 * The typed shape of every table: the platform's own below, each module's from its
 * `<module>.schema.ts` (added here with the migration that creates them).
 */
export interface Database extends TradeTables, ChainDevnetTables, WithdrawalTables, WalletTables {
  node_heartbeat: NodeHeartbeatTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  pre_login: PreLoginTable;
  session_ticket: OneTimeTokenTable & { ticket_hash: string };
  password_reset: OneTimeTokenTable & { token_hash: string };
  verification_code: VerificationCodeTable;
  attempt_counter: AttemptCounterTable;
  security_history: HistoryTable & { operation: number };
  login_history: HistoryTable;
  dev_outbox: DevOutboxTable;
  asset: AssetTable;
  asset_chain: AssetChainTable;
  ledger_account: LedgerAccountTable;
  journal: JournalTable;
  entry: EntryTable;
  ledger_house_pending: { id: Id; account_id: string; bucket: 'available' | 'frozen'; amount: string };
  ledger_hold: LedgerHoldTable;
  wallet_transfer: WalletTransferTable;
  market_tick: { asset: string; minute: ColumnType<Date, Date | string, never>; usd_price: string };
  market_price: MarketPriceTable;
  market_favourite: MarketFavouriteTable;
  wallet_daily_snapshot: { user_id: string; day: ColumnType<Date, string, string>; usd_cents: Units; cny_cents: Units };
  deposit_address_counter: DepositAddressCounterTable;
  deposit_address: DepositAddressTable;
  chain_scanned_block: ChainScannedBlockTable;
  deposit: DepositTable;
  research_report: ResearchReportTable;
}

export interface NodeHeartbeatTable {
  node_id: string;
  hostname: string;
  pid: number;
  started_at: ColumnType<Date, Date | string | undefined, never>;
  last_seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
  id: Generated<string>;
}

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;

export interface AppUserTable {
  id: Id;
  user_no: string;
  account_kind: 'personal' | 'enterprise';
  email: string | null;
  phone_country: string | null;
  phone_dial_code: string | null;
  phone: string | null;
  residence_country: string;
  password_hash: string;
  fund_password_hash: string | null;
  totp_secret_encrypted: string | null;
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  kyc_level: ColumnType<number, number | undefined, number>;
  fiat: ColumnType<'USD' | 'CNY', 'USD' | 'CNY' | undefined, 'USD' | 'CNY'>;
  invite_code: string;
  invited_by: string | null;
  withdraw_locked_until: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface UserSessionTable {
  id: Id;
  user_id: string;
  token_hash: string;
  client_kind: string;
  device: string;
  ip: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface PreLoginTable {
  id: Id;
  user_id: string;
  token_hash: string;
  device: string;
  ip: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface OneTimeTokenTable {
  id: Id;
  user_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface VerificationCodeTable {
  id: Id;
  purpose: string;
  channel: 'email' | 'sms';
  target: string;
  user_id: string | null;
  code_hash: string;
  wrong_attempts: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

export interface AttemptCounterTable {
  scope: string;
  subject: string;
  failures: ColumnType<number, number | undefined, number>;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface HistoryTable {
  id: Id;
  user_id: string;
  status: 'success' | 'failed';
  device: string;
  ip: string;
  location: string;
  created_at: Timestamp;
}

export interface DevOutboxTable {
  id: Id;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

/** numeric(38,0) columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;

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

export interface LedgerAccountTable {
  id: Id;
  owner_type: 'customer' | 'platform';
  owner_ref: string;
  asset: string;
  purpose: string;
  available: ColumnType<string, string | bigint | undefined, never>;
  frozen: ColumnType<string, string | bigint | undefined, never>;
  allow_negative: ColumnType<boolean, boolean | undefined, never>;
  is_house: ColumnType<boolean, boolean | undefined, never>;
  created_at: Timestamp;
}

export interface JournalTable {
  id: Id;
  idempotency_key: string;
  request_hash: string;
  bill_type: number;
  reference_type: string | null;
  reference_id: string | null;
  note: string;
  created_at: Timestamp;
}

export interface EntryTable {
  id: Id;
  journal_id: string;
  account_id: string;
  asset: string;
  bucket: 'available' | 'frozen';
  amount: Units;
  balance_after: ColumnType<string | null, never, never>;
  created_at: Timestamp;
}

export interface LedgerHoldTable {
  id: Id;
  account_id: string;
  amount: Units;
  status: 'pending' | 'settled' | 'released';
  hold_journal_id: string;
  resolve_journal_id: string | null;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
}

export interface WalletTransferTable {
  id: Id;
  flow_id: string;
  order_no: string;
  request_key: string;
  from_user_id: string;
  to_user_id: string;
  asset: string;
  amount: Units;
  fee: ColumnType<string, string | undefined, never>;
  note: string;
  journal_id: string;
  created_at: Timestamp;
}
