import type { ColumnType } from 'kysely';

type Id = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(38,0) and bigint columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;

export interface DepositAddressCounterTable {
  chain: string;
  next_index: number;
}

/** A customer's, or (issue 17) a custody account's: exactly one of the two is set. */
type Owner = ColumnType<string | null, string | null | undefined, never>;

export interface DepositAddressTable {
  id: Id;
  user_id: Owner;
  custody_account_id: Owner;
  chain: string;
  derivation_index: number;
  address: string;
  memo: string | null;
  created_at: Timestamp;
}

export interface ChainScannedBlockTable {
  chain: string;
  height: Units;
  block_hash: string;
  scanned_at: Timestamp;
}

/** A deposit's state (spec §4; the API answers it as the code of `deposit-statuses.ts`). */
export type DepositRowStatus = 'credited' | 'failed' | 'waiting';

export interface DepositTable {
  id: Id;
  user_id: Owner;
  custody_account_id: Owner;
  chain: string;
  asset: string;
  txid: string;
  log_index: number;
  address: string;
  memo: string | null;
  amount: Units;
  block_height: Units;
  block_hash: string;
  confirmations: ColumnType<number, number | undefined, number>;
  required_confirmations: number;
  status: DepositRowStatus;
  fail_reason: 'belowMinimum' | null;
  journal_id: string | null;
  detected_at: Timestamp;
  credited_at: NullableTimestamp;
  /** Who sent it, where the chain says (`deposit-sources.migration.ts`): screened at crediting. */
  source_addresses: ColumnType<string[] | null, string[] | null | undefined, never>;
}

/** The deposits' tables (`deposits.migration.ts`). */
export interface DepositTables {
  deposit_address_counter: DepositAddressCounterTable;
  deposit_address: DepositAddressTable;
  chain_scanned_block: ChainScannedBlockTable;
  deposit: DepositTable;
}
