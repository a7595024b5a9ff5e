import type { ColumnType, Generated } from 'kysely';
import type {
  CustodyAccountKind,
  CustodyAccountTier,
  CustodyApplicationState,
  CustodyBuiltInRole,
  CustodyBusinessType,
  CustodyChangeKind,
  CustodyChangeState,
  CustodyIndustry,
  CustodyMemberState,
  CustodyOrderState,
  CustodyPermission,
  CustodyTransferFailReason,
  CustodyTransferState,
  Language,
} from '@coffer/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A NUMERIC read as its exact decimal text. */
type Decimal = ColumnType<string, string, string>;
/** The organisation a tenant row belongs to; set on insert, never changed. */
type OrgId = ColumnType<string, string, never>;

/** A company's application for custody (the applicant's own; the back office decides). */
export interface CustodyApplicationTable {
  id: Generated<string>;
  user_id: string;
  company_name: string;
  country: string;
  industry: CustodyIndustry;
  website: string;
  contact_name: string;
  phone: string;
  email: string;
  state: ColumnType<CustodyApplicationState, CustodyApplicationState | undefined, CustodyApplicationState>;
  reject_reason: string | null;
  salesperson_email: string | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
}

/** An enabled organisation (the tenant), with its common settings. `org_id` is its own id. */
export interface CustodyOrgTable {
  id: Generated<string>;
  application_id: string;
  org_id: Generated<string>;
  name: string;
  country: string;
  industry: CustodyIndustry;
  salesperson_email: string | null;
  require_hardware_key: Generated<boolean>;
  session_minutes: Generated<number>;
  console_ips: Generated<string[]>;
  /** Set while the organisation is frozen (policy rule 2). */
  frozen_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CustodyRoleTable {
  id: Generated<string>;
  org_id: OrgId;
  name: string;
  description: Generated<string>;
  built_in: CustodyBuiltInRole | null;
  permissions: CustodyPermission[];
  created_at: Timestamp;
}

export interface CustodyMemberTable {
  id: Generated<string>;
  org_id: OrgId;
  /** The customer bound on activation; null while invited. */
  user_id: string | null;
  email: string;
  name: string;
  phone: Generated<string>;
  department: Generated<string>;
  note: Generated<string>;
  salesperson_email: Generated<string>;
  role_id: string;
  state: CustodyMemberState;
  created_at: Timestamp;
  activated_at: NullableTimestamp;
  frozen_at: NullableTimestamp;
}

/** A member's activation link: only its SHA-256 is kept; single use, expiring. */
export interface CustodyMemberActivationTable {
  token_hash: Buffer;
  org_id: OrgId;
  member_id: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface CustodyAccountTable {
  id: Generated<string>;
  org_id: OrgId;
  name: string;
  kind: CustodyAccountKind;
  tier: CustodyAccountTier;
  /** Kept with each address insert and delete; its CHECK holds the 200-address limit. */
  address_count: Generated<number>;
  created_at: Timestamp;
}

export interface CustodyAddressTable {
  id: Generated<string>;
  org_id: OrgId;
  account_id: string;
  asset: string;
  chain: string;
  address: string;
  tag: Generated<string>;
  note: Generated<string>;
  created_at: Timestamp;
}

export interface CustodyLineTable {
  id: Generated<string>;
  org_id: OrgId;
  name: string;
  admin_email: string;
  currencies: string[];
  min_reviewers: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set while the line is frozen (policy rule 3; `custody-changes.migration.ts`). */
  frozen_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface CustodyLineAccountTable {
  org_id: OrgId;
  line_id: string;
  account_id: string;
}

export interface CustodyLineReviewerTable {
  org_id: OrgId;
  line_id: string;
  member_id: string;
}

export interface CustodyLineLimitTable {
  org_id: OrgId;
  line_id: string;
  asset: string;
  per_transaction: Decimal;
  per_day: Decimal;
  per_week: Decimal;
  per_month: Decimal;
}

export interface CustodyLineWhitelistTable {
  id: Generated<string>;
  org_id: OrgId;
  line_id: string;
  asset: string;
  chain: string;
  address: string;
  tag: Generated<string>;
  note: Generated<string>;
  /** When the address was whitelisted: its cooling period counts from here. */
  added_at: Timestamp;
}

/** numeric(38,0) base units: text from pg, parsed with BigInt. */
type Units = ColumnType<string, string | bigint, string | bigint>;
type NullableUnits = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
/** Set on insert, never changed (the guard trigger refuses it). */
type Fixed<T> = ColumnType<T, T, never>;
type FixedOptional<T> = ColumnType<T, T | undefined, never>;

/** A transfer record (spec §3, §4), `custody-money.migration.ts`. */
export interface CustodyTransferTable {
  id: Generated<string>;
  org_id: OrgId;
  account_id: Fixed<string>;
  business_type: Fixed<CustodyBusinessType>;
  state: CustodyTransferState;
  fail_reason: ColumnType<CustodyTransferFailReason | null, CustodyTransferFailReason | null | undefined, CustodyTransferFailReason | null>;
  asset: Fixed<string>;
  chain: FixedOptional<string | null>;
  amount: ColumnType<string, string | bigint, never>;
  fee: ColumnType<string, string | bigint | undefined, never>;
  balance_after: NullableUnits;
  journal_id: ColumnType<string | null, string | null | undefined, string | null>;
  order_no: Fixed<string>;
  deposit_id: FixedOptional<string | null>;
  move_request_id: FixedOptional<string | null>;
  counterpart_account_id: FixedOptional<string | null>;
  member_id: FixedOptional<string | null>;
  note: FixedOptional<string>;
  source: FixedOptional<string>;
  txid: FixedOptional<string | null>;
  to_address: FixedOptional<string>;
  recorded_at: FixedOptional<Date>;
  completed_at: NullableTimestamp;
  /** The mining-pool partner whose payout address sent this deposit (`pool-partners.migration.ts`). */
  pool_partner_id: FixedOptional<string | null>;
  /** A withdrawal's order (`custody-payouts.migration.ts`). */
  order_id: FixedOptional<string | null>;
}

/** One account's balance of one asset at the end of a UTC day, with its USD value. */
export interface CustodyDailySnapshotTable {
  org_id: OrgId;
  account_id: string;
  asset: string;
  /** `date`: read as text (`to_char`) where a day is shown. */
  day: ColumnType<Date, string, never>;
  balance: Units;
  usd_price: Decimal;
  usd_cents: Units;
  taken_at: Timestamp;
}

/** A mining-pool partner link and, once used, the partner it linked (`pool-partners.migration.ts`). */
export interface CustodyPoolPartnerTable {
  id: Generated<string>;
  org_id: OrgId;
  account_id: Fixed<string>;
  asset: Fixed<string>;
  chain: Fixed<string>;
  partner_name: Fixed<string>;
  token_hash: Fixed<Buffer>;
  expires_at: Fixed<Date>;
  created_by: Fixed<string>;
  created_language: Fixed<Language>;
  created_at: FixedOptional<Date>;
  revoked_at: NullableTimestamp;
  revoked_by: string | null;
  payout_address: string | null;
  payout_key: string | null;
  contact_email: string | null;
  linked_at: NullableTimestamp;
  unlinked_at: NullableTimestamp;
  unlinked_by: string | null;
}

/** The custody module's tables (`custody.migration.ts`, `custody-money.migration.ts`, `pool-partners.migration.ts`). */
export interface CustodyTables {
  custody_application: CustodyApplicationTable;
  custody_org: CustodyOrgTable;
  custody_role: CustodyRoleTable;
  custody_member: CustodyMemberTable;
  custody_member_activation: CustodyMemberActivationTable;
  custody_account: CustodyAccountTable;
  custody_address: CustodyAddressTable;
  custody_line: CustodyLineTable;
  custody_line_account: CustodyLineAccountTable;
  custody_line_reviewer: CustodyLineReviewerTable;
  custody_line_limit: CustodyLineLimitTable;
  custody_line_whitelist: CustodyLineWhitelistTable;
  custody_transfer: CustodyTransferTable;
  custody_daily_snapshot: CustodyDailySnapshotTable;
  custody_pool_partner: CustodyPoolPartnerTable;
  custody_withdrawal_order: CustodyWithdrawalOrderTable;
  custody_withdrawal_approval: CustodyWithdrawalApprovalTable;
  custody_withdrawal_batch: CustodyWithdrawalBatchTable;
  custody_change_request: CustodyChangeRequestTable;
  custody_change_approval: CustodyChangeApprovalTable;
}

/** A proposed change of a line's policy, or an unfreeze (issue 18 item 6): the state before and after as JSON. */
export interface CustodyChangeRequestTable {
  id: Generated<string>;
  org_id: OrgId;
  kind: CustodyChangeKind;
  /** The line it changes; null for the organisation's unfreeze. */
  line_id: string | null;
  proposer_member_id: string;
  /** JSON written once (as text on insert), read back parsed. */
  before: ColumnType<unknown, string, never>;
  after: ColumnType<unknown, string, never>;
  state: ColumnType<CustodyChangeState, CustodyChangeState | undefined, CustodyChangeState>;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
}

/** One member's decision on one change request; never changed. */
export interface CustodyChangeApprovalTable {
  org_id: OrgId;
  request_id: string;
  member_id: string;
  proposer_member_id: string;
  decision: 'approve' | 'reject';
  opinion: string;
  created_at: Timestamp;
}

/** A single withdrawal order (issue 18): amount and fee in base units, held in the ledger from submission. */
export interface CustodyWithdrawalOrderTable {
  id: Generated<string>;
  org_id: OrgId;
  serial_no: string;
  request_id: string;
  line_id: string;
  account_id: string;
  submitter_member_id: string;
  asset: string;
  chain: string;
  amount: Units;
  fee: Units;
  address: string;
  tag: string;
  note: Generated<string>;
  digest: string;
  state: ColumnType<CustodyOrderState, CustodyOrderState | undefined, CustodyOrderState>;
  hold_id: string;
  created_at: Timestamp;
  decided_at: NullableTimestamp;
  /** The transaction that paid an approved order (`custody-payouts.migration.ts`). */
  txid: ColumnType<string | null, never, string | null>;
  batch_id: ColumnType<string | null, string | null | undefined, never>;
  batch_line: ColumnType<number | null, number | null | undefined, never>;
}

/** A submitted batch CSV (issue 18 item 7); its state is computed from its orders'. */
export interface CustodyWithdrawalBatchTable {
  id: Generated<string>;
  org_id: OrgId;
  request_id: string;
  content_digest: string;
  line_id: string;
  account_id: string;
  submitter_member_id: string;
  row_count: number;
  created_at: Timestamp;
}

/** One member's decision on one order, with the digest it approved; never changed. */
export interface CustodyWithdrawalApprovalTable {
  org_id: OrgId;
  order_id: string;
  member_id: string;
  submitter_member_id: string;
  decision: 'approve' | 'reject';
  opinion: string;
  digest: string;
  /** `passkey`: signed by a security key over the digest-derived challenge (the assertion's parts below, base64url). */
  method: Generated<'secondFactor' | 'passkey'>;
  credential_id: string | null;
  credential_name: string | null;
  signature: string | null;
  authenticator_data: string | null;
  client_data_json: string | null;
  created_at: Timestamp;
}
