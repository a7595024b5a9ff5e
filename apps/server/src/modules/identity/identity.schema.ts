import type { Language } from '@coffer/contract';
import type { ColumnType } from 'kysely';

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
  /** The back office's lock (`customer-lock.migration.ts`): the three are set together or all null. */
  locked_at: NullableTimestamp;
  locked_by: ColumnType<string | null, string | null | undefined, string | null>;
  lock_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Preferences (`user-preferences.migration.ts`): the language of messages (null: the request's) and the optional notices. */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  notify_login: ColumnType<boolean, boolean | undefined, boolean>;
  notify_withdrawal: ColumnType<boolean, boolean | undefined, boolean>;
  notify_deposit: ColumnType<boolean, boolean | undefined, boolean>;
  notify_marketing: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A step-wise authenticator change: its ticket (MAC), the pending secret once generated. */
export interface AuthenticatorChangeTable {
  id: Id;
  user_id: string;
  ticket_hash: string;
  secret_encrypted: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
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

export interface PasskeyTable {
  id: Id;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: ColumnType<string, string | number | undefined, string | number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

export interface PasskeyChallengeTable {
  id: Id;
  user_id: string;
  purpose: string;
  challenge: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
}

/** The identity module's tables (`identity.migration.ts`), for the composition root's table map. */
export interface IdentityTables {
  app_user: AppUserTable;
  authenticator_change: AuthenticatorChangeTable;
  user_session: UserSessionTable;
  pre_login: PreLoginTable;
  session_ticket: OneTimeTokenTable & { ticket_hash: string };
  password_reset: OneTimeTokenTable & { token_hash: string };
  verification_code: VerificationCodeTable;
  attempt_counter: AttemptCounterTable;
  security_history: HistoryTable & { operation: number };
  login_history: HistoryTable;
  dev_outbox: DevOutboxTable;
  passkey: PasskeyTable;
  passkey_challenge: PasskeyChallengeTable;
}
