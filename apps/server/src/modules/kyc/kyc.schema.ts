import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A NUMERIC read as its exact decimal text. */
type Decimal = ColumnType<string, string, string>;

export type KycApplicationState = 'continue' | 'verifying' | 'verified' | 'failed';
export type KycDocumentType = 'idCard' | 'driverLicence' | 'passport';
export type KycUploadPurpose = 'addressProof' | 'video';

/** What each level may do (spec §6); an operator with `kyc.limits` changes it. */
export interface KycLevelLimitTable {
  level: number;
  /** 24-hour withdrawal limit; 0 = may not withdraw. */
  withdrawal_daily_usd: Decimal;
  /** Largest single spot trade. */
  trade_max_usd: Decimal;
  updated_at: Timestamp;
  updated_by: string | null;
}

/** A file a customer uploaded for an application; the bytes are in the encrypted blob store. */
export interface KycUploadTable {
  id: Generated<string>;
  user_id: string;
  purpose: KycUploadPurpose;
  blob_key: string;
  kind: 'jpeg' | 'png' | 'pdf' | 'webm' | 'mp4';
  mime: string;
  size: number;
  sha256: string;
  duration_ms: number | null;
  created_at: Timestamp;
}

/** One application for one level, with its decision. */
export interface KycApplicationTable {
  id: Generated<string>;
  user_id: string;
  level: number;
  state: KycApplicationState;
  country: string;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  document_type: KycDocumentType | null;
  id_number_encrypted: string | null;
  id_number_masked: string | null;
  id_last6_digest: string | null;
  upload_id: string | null;
  provider: string | null;
  provider_session_id: string | null;
  provider_outcome: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  rule_checks: ColumnType<Array<{ rule: string; passed: boolean; detail?: string }>, string | undefined, string>;
  reject_reason_key: string | null;
  reject_reason: string | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A provider webhook delivery already taken: a replay is refused, a re-delivery answers as before. */
export interface KycWebhookDeliveryTable {
  delivery_id: string;
  provider: string;
  session_id: string;
  received_at: Timestamp;
}

/** The kyc module's tables (`kyc.migration.ts`). */
export interface KycTables {
  kyc_level_limit: KycLevelLimitTable;
  kyc_upload: KycUploadTable;
  kyc_application: KycApplicationTable;
  kyc_webhook_delivery: KycWebhookDeliveryTable;
}
