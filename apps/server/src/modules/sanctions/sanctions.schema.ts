import type { ColumnType } from 'kysely';

type Id = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(38,0) columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;

export type SanctionsEntrySource = 'ofac' | 'manual';
export type SanctionsHoldKind = 'withdrawal' | 'deposit';
export type SanctionsHoldRowStatus = 'open' | 'released' | 'refused';

/** One import of the OFAC list: kept, with who imported it and what it held. */
export interface SanctionsListVersionTable {
  id: Id;
  source: 'ofac';
  /** The file's `DateOfIssue`, `YYYY-MM-DD`. */
  published_on: string | null;
  file_sha256: string;
  file_bytes: ColumnType<string, string | number, never>;
  entry_count: number;
  /** jsonb: entries per chain. */
  counts_by_chain: ColumnType<Record<string, number>, string, never>;
  imported_by: string;
  imported_by_name: string | null;
  imported_at: Timestamp;
}

/** A listed address: of an OFAC version (kept with it) or of the manual list (removed, never deleted). */
export interface SanctionsEntryTable {
  id: Id;
  source: SanctionsEntrySource;
  version_id: string | null;
  chain: string;
  /** As listed. */
  address: string;
  /** What screening compares: the address normalised for its chain (`sanctioned-address.ts`). */
  address_key: string;
  /** The OFAC currency code (`XBT`, `ETH`, `USDT`…); null for a manual entry. */
  currency: string | null;
  /** The listed party's name (OFAC) or compliance's note (manual). */
  label: string;
  /** The OFAC distinct party (`FixedRef`). */
  party_ref: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Timestamp;
  removed_at: NullableTimestamp;
  removed_by: string | null;
  removed_by_name: string | null;
  removal_note: string | null;
}

/** A withdrawal or a deposit screening held, and compliance's decision on it. */
export interface SanctionsHoldTable {
  id: Id;
  kind: SanctionsHoldKind;
  subject_id: string;
  user_id: string;
  asset: string;
  amount: Units;
  chain: string;
  address: string;
  address_key: string;
  entry_id: string;
  /** The ledger hold freezing the funds. */
  ledger_hold_id: string | null;
  status: ColumnType<SanctionsHoldRowStatus, SanctionsHoldRowStatus | undefined, SanctionsHoldRowStatus>;
  is_still_listed: ColumnType<boolean, boolean | undefined, boolean>;
  rescreened_at: NullableTimestamp;
  opened_at: Timestamp;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: NullableTimestamp;
  reason: string | null;
}

/** The sanctions module's tables (`sanctions.migration.ts`). */
export interface SanctionsTables {
  sanctions_list_version: SanctionsListVersionTable;
  sanctions_entry: SanctionsEntryTable;
  sanctions_hold: SanctionsHoldTable;
}
