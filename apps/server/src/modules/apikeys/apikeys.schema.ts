import type { ColumnType } from 'kysely';

type Id = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** The normalised settings a pending change carries (jsonb). */
export interface StoredKeySettings {
  label: string;
  rights: Array<'read' | 'trade' | 'withdraw'>;
  ips: string[];
  /** US cents as a decimal string; null: no key limit. */
  withdrawDailyCents: string | null;
  withdrawAddressIds: string[];
  /** A create's public key: as given, and its raw 32 bytes in hex. */
  publicKeyText?: string;
  publicKeyHex?: string;
}

export interface ApiKeyTables {
  api_key: {
    id: Id;
    user_id: string;
    access_key: string;
    label: string;
    public_key_text: string;
    public_key_raw: Buffer;
    rights: string[];
    ips: ColumnType<string[], string[] | undefined, string[]>;
    withdraw_daily_cents: ColumnType<string | null, string | null | undefined, string | null>;
    withdraw_address_ids: ColumnType<string[], string[] | undefined, string[]>;
    created_at: Timestamp;
    updated_at: Timestamp;
    last_used_at: NullableTimestamp;
    deleted_at: NullableTimestamp;
  };
  api_key_change: {
    id: Id;
    change_id: string;
    user_id: string;
    kind: 'create' | 'edit' | 'delete';
    api_key_id: string | null;
    settings: ColumnType<StoredKeySettings, string, string>;
    fund_password_required: boolean;
    expires_at: Timestamp;
    consumed_at: NullableTimestamp;
    created_at: Timestamp;
  };
  api_key_nonce: {
    api_key_id: string;
    nonce: string;
    created_at: Timestamp;
  };
}
