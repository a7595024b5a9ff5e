import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** What went wrong in a failed transfer attempt: the catalogue error its duplicates answer. */
export interface TransferFailure {
  key: string;
  params: Record<string, string | number>;
  field: string | null;
}

export interface WalletTables {
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
