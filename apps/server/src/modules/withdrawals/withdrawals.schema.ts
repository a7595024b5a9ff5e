import type { ColumnType } from 'kysely';

type Id = ColumnType<string, never, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric(38,0) columns: strings from pg, parsed with BigInt, never Number. */
type Units = ColumnType<string, string | bigint, string | bigint>;

export type WithdrawalRowStatus =
  'awaitingConfirmation' | 'underReview' | 'processing' | 'confirming' | 'completed' | 'failed' | 'cancelled';

export interface WithdrawalTables {
  withdrawal: {
    id: Id;
    serial_no: string;
    user_id: string;
    request_key: string;
    request_hash: string;
    kind: 'ordinary' | 'internal';
    asset: string;
    chain: string;
    address: string;
    tag: string | null;
    amount: Units;
    fee: Units;
    usd_cents: Units;
    recipient_user_id: string | null;
    status: WithdrawalRowStatus;
    fail_reason: string | null;
    hold_id: string | null;
    journal_id: string | null;
    required_confirmations: number;
    confirmations: ColumnType<number, number | undefined, number>;
    confirm_before: NullableTimestamp;
    created_at: Timestamp;
    updated_at: Timestamp;
    completed_at: NullableTimestamp;
    /** The API key that submitted it (issue 16); null for a session's. */
    api_key_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  withdrawal_outbox: {
    withdrawal_id: string;
    chain: string;
    txid: string;
    raw: string;
    network_fee: Units;
    broadcast_at: NullableTimestamp;
    resolved_at: NullableTimestamp;
    attempts: ColumnType<number, number | undefined, number>;
    last_error: string | null;
    created_at: Timestamp;
  };
  /** The signed transaction of a custody withdrawal order (issue 18), recorded before it is broadcast. */
  custody_payout_outbox: {
    order_id: string;
    chain: string;
    asset: string;
    amount: Units;
    required_confirmations: number;
    txid: string;
    raw: string;
    network_fee: Units;
    broadcast_at: NullableTimestamp;
    resolved_at: NullableTimestamp;
    outcome: 'settled' | 'failed' | null;
    attempts: ColumnType<number, number | undefined, number>;
    last_error: string | null;
    created_at: Timestamp;
  };
  withdraw_address: {
    id: Id;
    user_id: string;
    chain: string;
    address: string;
    tag: string | null;
    note: string;
    trusted_at: NullableTimestamp;
    created_at: Timestamp;
  };
  withdrawal_restriction: { user_id: string; reason: string; created_at: Timestamp };
  reconciliation_run: { id: Id; at: Timestamp };
  reconciliation_line: {
    run_id: string;
    chain: string;
    asset: string;
    on_chain: Units;
    ledger_omnibus: Units;
    pending_withdrawals: Units;
    difference: Units;
  };
}
