import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Numeric = ColumnType<string, string | bigint, string | bigint>;
type Identity = ColumnType<string, never, never>;

/** Tables of the built-in devnets (migration 0010-chain-devnets). */
export interface ChainDevnetTables {
  devnet_btc_block: { height: number; hash: string; prev_hash: string; merkle_root: string; mined_at: Timestamp };
  devnet_btc_tx: {
    txid: string;
    raw: Uint8Array;
    fee: Numeric;
    is_coinbase: ColumnType<boolean, boolean | undefined, boolean>;
    is_faucet: ColumnType<boolean, boolean | undefined, boolean>;
    block_height: number | null;
    position: number | null;
    received_order: Identity;
  };
  devnet_btc_output: {
    txid: string;
    vout: number;
    script: Uint8Array;
    address: string | null;
    value: Numeric;
    spent_by: string | null;
    locked_by: string | null;
  };
  devnet_xrp_ledger: { ledger_index: number; hash: string; parent_hash: string; closed_at: Timestamp };
  devnet_xrp_account: {
    address: string;
    balance: Numeric;
    sequence: ColumnType<string, string | number, string | number>;
    next_free_sequence: ColumnType<string, string | number, string | number>;
  };
  devnet_xrp_tx: {
    hash: string;
    raw: Uint8Array | null;
    account: string;
    sequence: ColumnType<string, string | number, string | number>;
    kind: 'payment' | 'faucet' | 'skip';
    destination: string | null;
    destination_tag: ColumnType<string | null, string | number | null | undefined, string | number | null>;
    amount: Numeric | ColumnType<string, string | bigint | undefined, string | bigint>;
    fee: ColumnType<string, string | bigint | undefined, string | bigint>;
    status: ColumnType<'queued' | 'applied', 'queued' | 'applied' | undefined, 'queued' | 'applied'>;
    result: string | null;
    ledger_index: number | null;
    position: number | null;
    received_order: Identity;
  };
}
