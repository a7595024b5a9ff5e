import type { ColumnType, Generated } from 'kysely';
import type { CustodyBillLineKind, CustodyBillSourceKind, CustodyBillState, CustodyPaymentMethod } from '@coffer/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A NUMERIC read as its exact decimal text. */
type Decimal = ColumnType<string, string | bigint, string | bigint>;
type NullableDecimal = ColumnType<string | null, string | bigint | null | undefined, string | bigint | null>;
/** A `date`, written as `YYYY-MM-DD` text, read as text where shown (`to_char`). */
type Day = ColumnType<Date, string, never>;
type OrgId = ColumnType<string, string, never>;

/** An organisation's rates (null: the default) and payment method (`custody-billing-settings.migration.ts`). */
export interface CustodyBillingProfileTable {
  org_id: OrgId;
  annual_rate: NullableDecimal;
  minimum_cents: NullableDecimal;
  method: ColumnType<CustodyPaymentMethod, CustodyPaymentMethod | undefined, CustodyPaymentMethod>;
  rates_set_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** One (account, coin) pair of the deduction order, `position` 1 tried first. */
export interface CustodyBillingDeductionTable {
  org_id: OrgId;
  position: number;
  account_id: string;
  asset: string;
}

/** A monthly bill (`custody-bills.migration.ts`): figures in USD cents, paid once. */
export interface CustodyBillTable {
  id: Generated<string>;
  org_id: OrgId;
  period: Day;
  due_on: Day;
  days: number;
  state: ColumnType<CustodyBillState, CustodyBillState | undefined, CustodyBillState>;
  market_value_cents: Decimal;
  annual_rate: Decimal;
  hosting_fee_cents: Decimal;
  enterprise_withdrawal_cents: Decimal;
  prime_withdrawal_cents: Decimal;
  withdrawal_fee_cents: Decimal;
  minimum_cents: Decimal;
  reference_fee_cents: Decimal;
  final_cost_cents: Decimal;
  issued_at: Timestamp;
  paid_at: NullableTimestamp;
  paid_via: ColumnType<CustodyPaymentMethod | null, CustodyPaymentMethod | null | undefined, CustodyPaymentMethod | null>;
  paid_note: ColumnType<string, string | undefined, string>;
  paid_by_operator: ColumnType<string | null, string | null | undefined, string | null>;
  paid_account_id: ColumnType<string | null, string | null | undefined, string | null>;
  paid_asset: ColumnType<string | null, string | null | undefined, string | null>;
  paid_amount: NullableDecimal;
  paid_usd_price: NullableDecimal;
  paid_journal_id: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CustodyBillLineTable {
  id: Generated<string>;
  org_id: OrgId;
  bill_id: string;
  position: number;
  kind: CustodyBillLineKind;
  asset: string | null;
  amount: NullableDecimal;
  usd_price: NullableDecimal;
  usd_cents: Decimal;
  orders: number;
}

export interface CustodyBillSourceTable {
  id: Generated<string>;
  org_id: OrgId;
  line_id: string;
  kind: CustodyBillSourceKind;
  snapshot_account_id: string | null;
  snapshot_asset: string | null;
  snapshot_day: ColumnType<Date | null, string | null | undefined, never>;
  entry_id: string | null;
  order_id: string | null;
}

export interface CustodyBillingTables {
  custody_billing_profile: CustodyBillingProfileTable;
  custody_billing_deduction: CustodyBillingDeductionTable;
  custody_bill: CustodyBillTable;
  custody_bill_line: CustodyBillLineTable;
  custody_bill_source: CustodyBillSourceTable;
}
