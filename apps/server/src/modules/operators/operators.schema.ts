import type { OperatorRole } from '@coffer/contract';
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;

export interface OperatorTable {
  id: Id;
  email: string;
  display_name: string | null;
  role: OperatorRole;
  status: ColumnType<'active' | 'disabled', 'active' | 'disabled' | undefined, 'active' | 'disabled'>;
  password_hash: string | null;
  totp_secret_encrypted: string | null;
  totp_last_step: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  activation_token_hash: string | null;
  activation_expires_at: NullableTimestamp;
  activation_used_at: NullableTimestamp;
  pending_totp_secret_encrypted: string | null;
  activated_at: NullableTimestamp;
  last_login_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface OperatorSessionTable {
  id: Id;
  operator_id: string;
  token_hash: string;
  ip: string;
  user_agent: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  absolute_expires_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface OperatorTables {
  operator: OperatorTable;
  operator_session: OperatorSessionTable;
}
