import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Id = ColumnType<string, never, never>;
/** numeric(38,0) columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;

/** What went wrong in a failed transfer attempt: the catalogue error its duplicates answer. */
export interface TransferFailure {
  key: string;
  params: Record<string, string | number>;
  field: string | null;
}

export interface WalletTables {
  wallet_transfer: WalletTransferTable;
  wallet_daily_snapshot: { user_id: string; day: ColumnType<Date, string, string>; usd_cents: Units; cny_cents: Units };
  wallet_transfer_request: {
    request_key: string;
    user_id: string;
    /** Null only for transfers made before payload hashes were kept. */
    payload_hash: string | null;
    state: 'pending' | 'failed' | 'done';
    attempt: ColumnType<number, number | undefined, number>;
    failure: ColumnType<TransferFailure | null, string | null | undefined, string | null>;
    transfer_id: string | null;
    claimed_at: Timestamp;
  };
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
