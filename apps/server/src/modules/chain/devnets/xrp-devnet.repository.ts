import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';

/** The XRP devnet's SQL: ledgers, accounts and transactions in `devnet_xrp_*` (owned by the chain module). */

const ADVISORY_LOCK_KEY = 'coffer:devnet:xrp:ledger';

export interface QueuedRow {
  hash: string;
  account: string;
  sequence: string;
  kind: 'payment' | 'faucet' | 'skip';
  destination: string | null;
  amount: string;
  fee: string;
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '23505';
}

/** Takes the ledger-closing transaction lock: waiting for it (`wait`) or trying once; whether this transaction holds it. */
export async function lockLedger(trx: Db, wait: boolean): Promise<boolean> {
  const lock = wait
    ? await sql<{ locked: boolean }>`select pg_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) is not null as locked`.execute(trx)
    : await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) as locked`.execute(trx);
  return Boolean(lock.rows[0]?.locked);
}

export function newestLedger(trx: Db): Promise<{ ledger_index: number; hash: string; closed_at: Date } | undefined> {
  return trx
    .selectFrom('devnet_xrp_ledger')
    .select(['ledger_index', 'hash', 'closed_at'])
    .orderBy('ledger_index', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The ledger row before its transactions (its hash a placeholder until `setLedgerHash`). */
export async function insertPendingLedger(trx: Db, ledgerIndex: number, parentHash: string): Promise<void> {
  await trx
    .insertInto('devnet_xrp_ledger')
    .values({ ledger_index: ledgerIndex, hash: `pending-${ledgerIndex}`, parent_hash: parentHash })
    .execute();
}

export async function setLedgerHash(trx: Db, ledgerIndex: number, hash: string): Promise<void> {
  await trx.updateTable('devnet_xrp_ledger').set({ hash }).where('ledger_index', '=', ledgerIndex).execute();
}

/** The queued transactions in the order they were received. */
export function queuedTransactions(trx: Db): Promise<QueuedRow[]> {
  return trx
    .selectFrom('devnet_xrp_tx')
    .select(['hash', 'account', 'sequence', 'kind', 'destination', 'amount', 'fee'])
    .where('status', '=', 'queued')
    .orderBy('received_order')
    .execute();
}

export async function markApplied(
  trx: Db,
  hash: string,
  applied: { result: string; ledgerIndex: number; position: number },
): Promise<void> {
  await trx
    .updateTable('devnet_xrp_tx')
    .set({ status: 'applied', result: applied.result, ledger_index: applied.ledgerIndex, position: applied.position })
    .where('hash', '=', hash)
    .execute();
}

/** An account's balance and sequence, locked for update. */
export function lockAccount(trx: Db, address: string): Promise<{ balance: string; sequence: string } | undefined> {
  return trx.selectFrom('devnet_xrp_account').select(['balance', 'sequence']).where('address', '=', address).forUpdate().executeTakeFirst();
}

/** Consumes the account's sequence without any other effect. */
export async function consumeSequence(trx: Db, address: string): Promise<void> {
  await trx
    .updateTable('devnet_xrp_account')
    .set({ sequence: sql`sequence + 1` })
    .where('address', '=', address)
    .execute();
}

/** Sets the account's balance (after its fee) and consumes its sequence. */
export async function chargeFee(trx: Db, address: string, balance: bigint): Promise<void> {
  await trx
    .updateTable('devnet_xrp_account')
    .set({ balance: balance.toString(), sequence: sql`sequence + 1` })
    .where('address', '=', address)
    .execute();
}

export async function accountExists(trx: Db, address: string): Promise<boolean> {
  const account = await trx.selectFrom('devnet_xrp_account').select('address').where('address', '=', address).executeTakeFirst();
  return account !== undefined;
}

export async function debit(trx: Db, address: string, amount: bigint): Promise<void> {
  await trx
    .updateTable('devnet_xrp_account')
    .set({ balance: sql`balance - ${amount.toString()}::numeric` })
    .where('address', '=', address)
    .execute();
}

/** Credits an account, creating it (sequence 1) when new. */
export async function credit(trx: Db, address: string, amount: bigint): Promise<void> {
  await trx
    .insertInto('devnet_xrp_account')
    .values({ address, balance: amount, sequence: 1, next_free_sequence: 1 })
    .onConflict((conflict) => conflict.column('address').doUpdateSet({ balance: sql`devnet_xrp_account.balance + excluded.balance` }))
    .execute();
}

export async function newestLedgerIndex(db: Db): Promise<number> {
  const row = await db
    .selectFrom('devnet_xrp_ledger')
    .select((eb) => eb.fn.max('ledger_index').as('tip'))
    .executeTakeFirst();
  return Number(row?.tip ?? 1);
}

export async function ledgerHash(db: Db, ledgerIndex: number): Promise<string | null> {
  const row = await db.selectFrom('devnet_xrp_ledger').select('hash').where('ledger_index', '=', ledgerIndex).executeTakeFirst();
  return row?.hash ?? null;
}

/** A ledger's successful payments (faucet ones included, from the faucet's account) by position. */
export function ledgerPaymentRows(
  db: Db,
  ledgerIndex: number,
): Promise<Array<{ hash: string; account: string; destination: string | null; amount: string; destination_tag: string | null }>> {
  return db
    .selectFrom('devnet_xrp_tx')
    .select(['hash', 'account', 'destination', 'amount', 'destination_tag'])
    .where('ledger_index', '=', ledgerIndex)
    .where('kind', 'in', ['payment', 'faucet'])
    .where('result', '=', 'tesSUCCESS')
    .orderBy('position')
    .execute();
}

export async function hashIsKnown(db: Db, hash: string): Promise<boolean> {
  return (await db.selectFrom('devnet_xrp_tx').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
}

/** An account's next sequence, `undefined` when the account does not exist. */
export async function accountSequence(db: Db, address: string): Promise<string | undefined> {
  const account = await db.selectFrom('devnet_xrp_account').select('sequence').where('address', '=', address).executeTakeFirst();
  return account?.sequence;
}

/** Queues a signed payment; a unique violation when its hash, or its account's sequence, is taken. */
export async function insertPayment(
  db: Db,
  payment: {
    hash: string;
    raw: Uint8Array;
    account: string;
    sequence: number;
    destination: string;
    destinationTag: number | null;
    amount: bigint;
    fee: bigint;
  },
): Promise<void> {
  await db
    .insertInto('devnet_xrp_tx')
    .values({
      hash: payment.hash,
      raw: payment.raw,
      account: payment.account,
      sequence: payment.sequence,
      kind: 'payment',
      destination: payment.destination,
      destination_tag: payment.destinationTag,
      amount: payment.amount,
      fee: payment.fee,
    })
    .execute();
}

/** Queues a faucet payment from `account` at its next sequence; a unique violation when another took that sequence first. */
export async function insertFaucetPayment(
  db: Db,
  account: string,
  payment: { hash: string; destination: string; destinationTag: number | null; amount: bigint },
): Promise<void> {
  await db
    .insertInto('devnet_xrp_tx')
    .values({
      hash: payment.hash,
      account,
      sequence: sql`(select coalesce(max(sequence), 0) + 1 from devnet_xrp_tx where account = ${account})`,
      kind: 'faucet',
      destination: payment.destination,
      destination_tag: payment.destinationTag,
      amount: payment.amount,
    })
    .execute();
}

export function transactionStatusRow(
  db: Db,
  hash: string,
): Promise<{ status: 'queued' | 'applied'; ledger_index: number | null; result: string | null } | undefined> {
  return db.selectFrom('devnet_xrp_tx').select(['status', 'ledger_index', 'result']).where('hash', '=', hash).executeTakeFirst();
}

/** Takes the account's next free sequence (never below its current one); `undefined` when the account does not exist. */
export async function takeSequence(db: Db, account: string): Promise<string | undefined> {
  const row = await db
    .updateTable('devnet_xrp_account')
    .set({ next_free_sequence: sql`greatest(next_free_sequence, sequence) + 1` })
    .where('address', '=', account)
    .returning(sql<string>`next_free_sequence - 1`.as('taken'))
    .executeTakeFirst();
  return row?.taken;
}

/** Queues a no-op that consumes the sequence when its turn comes, unless that sequence is already queued. */
export async function insertSkip(db: Db, account: string, sequence: number): Promise<void> {
  await db
    .insertInto('devnet_xrp_tx')
    .values({ hash: `SKIP-${account}-${sequence}`, account, sequence, kind: 'skip' })
    .onConflict((conflict) => conflict.columns(['account', 'sequence']).doNothing())
    .execute();
}

export function accountRow(db: Db, address: string): Promise<{ balance: string; sequence: string } | undefined> {
  return db.selectFrom('devnet_xrp_account').select(['balance', 'sequence']).where('address', '=', address).executeTakeFirst();
}
