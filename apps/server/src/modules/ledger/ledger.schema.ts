import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Id = ColumnType<string, never, never>;

/** numeric(38,0) columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;

/** Who owns a ledger account: a customer, the platform, or a custody account of an organisation (issue 17). */
export type LedgerOwnerType = 'customer' | 'platform' | 'custody';

/** The ledger's tables (`ledger.migration.ts`, `balance-events.migration.ts`). */
export interface LedgerTables {
  ledger_account: LedgerAccountTable;
  journal: JournalTable;
  entry: EntryTable;
  ledger_house_pending: { id: Id; account_id: string; bucket: 'available' | 'frozen'; amount: string };
  ledger_hold: LedgerHoldTable;
}

export interface LedgerAccountTable {
  id: Id;
  owner_type: LedgerOwnerType;
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
