import { randomBytes } from 'node:crypto';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { sql } from 'kysely';
import type { Db } from '../../../platform/db/database';
import { checkXrpAddress } from '../addresses/xrp-address';
import { BroadcastRejectedError } from '../chain-source';
import { runEvery } from './devnet-timer';
import { decodePayment, paymentHash, sha512Half, verifyPaymentSignature, type XrpPayment } from '../xrp/xrp-codec';
import type { LedgerPayment, XrpNode, XrpTransactionStatus } from '../xrp/xrp-node';

const ADVISORY_LOCK_KEY = 'coffer:devnet:xrp:ledger';
/** The faucet's pseudo-account (ACCOUNT_ZERO): its payments need no signature. */
const FAUCET_ACCOUNT = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp';
const BASE_FEE = 10n;

export interface XrpDevnetOptions {
  /** Minimum balance of an account, drops (the mainnet base reserve since 2024: 1 XRP). */
  accountReserve?: bigint;
}

export interface XrpDevnet extends XrpNode {
  /** Closes and validates a ledger with the queued transactions, unless another process holds the lock. */
  closeLedger(): Promise<number | null>;
  closeLedgerIfDue(intervalMs: number): Promise<number | null>;
  startClosing(options: { intervalMs: number; onError?: (error: unknown) => void }): () => void;
  /** Credits an address (creating its account) in the next ledger; answers the faucet payment's hash. */
  faucet(address: string, drops: bigint, destinationTag?: number): Promise<string>;
  accountInfo(address: string): Promise<{ balance: bigint; sequence: number } | null>;
}

interface QueuedRow {
  hash: string;
  account: string;
  sequence: string;
  kind: 'payment' | 'faucet' | 'skip';
  destination: string | null;
  amount: string;
  fee: string;
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === '23505';
}

/** The built-in XRP Ledger stand-in: accounts, reserves, sequences and tagged payments, validated ledger by ledger. */
export function createXrpDevnet(db: Db, options: XrpDevnetOptions = {}): XrpDevnet {
  const reserve = options.accountReserve ?? 1_000_000n;
  let genesisReady: Promise<void> | undefined;

  function ensureGenesis(): Promise<void> {
    genesisReady ??= close(true).then(
      () => undefined,
      (error: unknown) => {
        genesisReady = undefined;
        throw error;
      },
    );
    return genesisReady;
  }

  async function close(onlyGenesis: boolean, dueAfterMs?: number): Promise<number | null> {
    return db.transaction().execute(async (trx) => {
      const lock = onlyGenesis
        ? await sql<{ locked: boolean }>`select pg_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) is not null as locked`.execute(trx)
        : await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${ADVISORY_LOCK_KEY})) as locked`.execute(trx);
      if (!lock.rows[0]?.locked) return null;
      const tip = await trx
        .selectFrom('devnet_xrp_ledger')
        .select(['ledger_index', 'hash', 'closed_at'])
        .orderBy('ledger_index', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (onlyGenesis && tip) return null;
      if (dueAfterMs !== undefined && tip && Date.now() - tip.closed_at.getTime() < dueAfterMs) return null;
      const ledgerIndex = tip ? tip.ledger_index + 1 : 1;
      const parentHash = tip?.hash ?? '0'.repeat(64);
      // The ledger row first, so applied transactions can point at it; its hash covers them below.
      await trx
        .insertInto('devnet_xrp_ledger')
        .values({ ledger_index: ledgerIndex, hash: `pending-${ledgerIndex}`, parent_hash: parentHash })
        .execute();

      const applied: string[] = [];
      if (tip) {
        const queued = await trx
          .selectFrom('devnet_xrp_tx')
          .select(['hash', 'account', 'sequence', 'kind', 'destination', 'amount', 'fee'])
          .where('status', '=', 'queued')
          .orderBy('received_order')
          .execute();
        let pending: QueuedRow[] = queued;
        let progressed = true;
        while (progressed) {
          progressed = false;
          const waiting: QueuedRow[] = [];
          for (const tx of pending) {
            const result = await apply(trx, tx);
            if (result === null) {
              waiting.push(tx);
              continue;
            }
            progressed = true;
            await trx
              .updateTable('devnet_xrp_tx')
              .set({ status: 'applied', result, ledger_index: ledgerIndex, position: applied.length })
              .where('hash', '=', tx.hash)
              .execute();
            applied.push(tx.hash);
          }
          pending = waiting;
        }
      }
      const hash = bytesToHex(sha512Half(new TextEncoder().encode([parentHash, ledgerIndex, ...applied].join(':')))).toUpperCase();
      await trx.updateTable('devnet_xrp_ledger').set({ hash }).where('ledger_index', '=', ledgerIndex).execute();
      return ledgerIndex;
    });
  }

  /** Applies one transaction when its sequence is the account's next; `null` while it must wait. */
  async function apply(trx: Db, tx: QueuedRow): Promise<string | null> {
    const amount = BigInt(tx.amount);
    if (tx.kind === 'faucet') {
      await credit(trx, tx.destination as string, amount);
      return 'tesSUCCESS';
    }
    const sender = await trx
      .selectFrom('devnet_xrp_account')
      .select(['balance', 'sequence'])
      .where('address', '=', tx.account)
      .forUpdate()
      .executeTakeFirst();
    if (!sender || BigInt(sender.sequence) !== BigInt(tx.sequence)) return null;
    if (tx.kind === 'skip') {
      await trx
        .updateTable('devnet_xrp_account')
        .set({ sequence: sql`sequence + 1` })
        .where('address', '=', tx.account)
        .execute();
      return 'tesSUCCESS';
    }
    const fee = BigInt(tx.fee);
    const balance = BigInt(sender.balance);
    // From here the fee is spent and the sequence consumed, whatever the payment's outcome (tec codes).
    const charged = balance < fee ? balance : fee;
    await trx
      .updateTable('devnet_xrp_account')
      .set({ balance: (balance - charged).toString(), sequence: sql`sequence + 1` })
      .where('address', '=', tx.account)
      .execute();
    if (balance < fee) return 'tecINSUFF_FEE';
    if (balance - fee - amount < reserve) return 'tecUNFUNDED_PAYMENT';
    const destination = await trx
      .selectFrom('devnet_xrp_account')
      .select('address')
      .where('address', '=', tx.destination as string)
      .executeTakeFirst();
    if (!destination && amount < reserve) return 'tecNO_DST_INSUF_XRP';
    await trx
      .updateTable('devnet_xrp_account')
      .set({ balance: sql`balance - ${amount.toString()}::numeric` })
      .where('address', '=', tx.account)
      .execute();
    await credit(trx, tx.destination as string, amount);
    return 'tesSUCCESS';
  }

  async function credit(trx: Db, address: string, amount: bigint): Promise<void> {
    await trx
      .insertInto('devnet_xrp_account')
      .values({ address, balance: amount, sequence: 1, next_free_sequence: 1 })
      .onConflict((conflict) => conflict.column('address').doUpdateSet({ balance: sql`devnet_xrp_account.balance + excluded.balance` }))
      .execute();
  }

  async function validatedLedgerIndex(): Promise<number> {
    await ensureGenesis();
    const row = await db
      .selectFrom('devnet_xrp_ledger')
      .select((eb) => eb.fn.max('ledger_index').as('tip'))
      .executeTakeFirst();
    return Number(row?.tip ?? 1);
  }

  async function ledgerHash(ledgerIndex: number): Promise<string | null> {
    await ensureGenesis();
    const row = await db.selectFrom('devnet_xrp_ledger').select('hash').where('ledger_index', '=', ledgerIndex).executeTakeFirst();
    return row?.hash ?? null;
  }

  async function hashIsKnown(hash: string): Promise<boolean> {
    return (await db.selectFrom('devnet_xrp_tx').select('hash').where('hash', '=', hash).executeTakeFirst()) !== undefined;
  }

  return {
    validatedLedgerIndex,

    ledgerHash,

    async ledgerPayments(ledgerIndex): Promise<LedgerPayment[] | null> {
      if ((await ledgerHash(ledgerIndex)) === null) return null;
      const rows = await db
        .selectFrom('devnet_xrp_tx')
        .select(['hash', 'destination', 'amount', 'destination_tag'])
        .where('ledger_index', '=', ledgerIndex)
        .where('kind', 'in', ['payment', 'faucet'])
        .where('result', '=', 'tesSUCCESS')
        .orderBy('position')
        .execute();
      return rows.map((row) => ({
        hash: row.hash,
        destination: row.destination as string,
        amount: BigInt(row.amount),
        destinationTag: row.destination_tag === null ? null : String(row.destination_tag),
      }));
    },

    async submit(blobHex) {
      let payment: XrpPayment;
      try {
        payment = decodePayment(hexToBytes(blobHex.toLowerCase()));
      } catch (error) {
        throw new BroadcastRejectedError(`invalidTransaction (${error instanceof Error ? error.message : 'undecodable'})`);
      }
      const hash = paymentHash(payment);
      if (await hashIsKnown(hash)) return hash;
      if (!verifyPaymentSignature(payment)) throw new BroadcastRejectedError('temBAD_SIGNATURE');
      if (payment.fee < BASE_FEE) throw new BroadcastRejectedError('telINSUF_FEE_P');
      if (payment.amount <= 0n) throw new BroadcastRejectedError('temBAD_AMOUNT');
      if (payment.account === payment.destination) throw new BroadcastRejectedError('temREDUNDANT');
      const account = await db
        .selectFrom('devnet_xrp_account')
        .select('sequence')
        .where('address', '=', payment.account)
        .executeTakeFirst();
      if (!account) throw new BroadcastRejectedError('terNO_ACCOUNT');
      if (payment.sequence < Number(account.sequence)) throw new BroadcastRejectedError('tefPAST_SEQ');
      try {
        await db
          .insertInto('devnet_xrp_tx')
          .values({
            hash,
            raw: hexToBytes(blobHex.toLowerCase()),
            account: payment.account,
            sequence: payment.sequence,
            kind: 'payment',
            destination: payment.destination,
            destination_tag: payment.destinationTag ?? null,
            amount: payment.amount,
            fee: payment.fee,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await hashIsKnown(hash)) return hash;
        // Another transaction already holds this sequence.
        throw new BroadcastRejectedError('tefPAST_SEQ');
      }
      return hash;
    },

    async transactionStatus(hash): Promise<XrpTransactionStatus> {
      const row = await db
        .selectFrom('devnet_xrp_tx')
        .select(['status', 'ledger_index', 'result'])
        .where('hash', '=', hash)
        .executeTakeFirst();
      if (!row) return { state: 'unknown' };
      if (row.status === 'queued' || row.ledger_index === null) return { state: 'queued' };
      return { state: 'validated', ledgerIndex: row.ledger_index, result: row.result ?? 'tesSUCCESS' };
    },

    async reserveSequence(account) {
      const row = await db
        .updateTable('devnet_xrp_account')
        .set({ next_free_sequence: sql`greatest(next_free_sequence, sequence) + 1` })
        .where('address', '=', account)
        .returning(sql<string>`next_free_sequence - 1`.as('taken'))
        .executeTakeFirst();
      if (!row) throw new Error(`XRP account ${account} does not exist yet: fund it first`);
      return Number(row.taken);
    },

    async releaseSequence(account, sequence) {
      // A no-op that consumes the sequence when its turn comes (on the real ledger: an empty AccountSet).
      await db
        .insertInto('devnet_xrp_tx')
        .values({ hash: `SKIP-${account}-${sequence}`, account, sequence, kind: 'skip' })
        .onConflict((conflict) => conflict.columns(['account', 'sequence']).doNothing())
        .execute();
    },

    async fee() {
      return BASE_FEE;
    },

    closeLedger: async () => {
      await ensureGenesis();
      return close(false);
    },

    closeLedgerIfDue: async (intervalMs) => {
      await ensureGenesis();
      return close(false, intervalMs);
    },

    startClosing({ intervalMs, onError }) {
      // Checked four times an interval; close(…, intervalMs) acts only when the last one is due.
      return runEvery(Math.max(100, Math.floor(intervalMs / 4)), () => ensureGenesis().then(() => close(false, intervalMs)), onError);
    },

    async faucet(address, drops, destinationTag) {
      const check = checkXrpAddress(address);
      if (!check.valid || check.format !== 'classic') throw new Error('faucet: not a classic XRP address');
      if (drops <= 0n) throw new Error('faucet: amount must be positive');
      await ensureGenesis();
      const hash = bytesToHex(sha512Half(randomBytes(32))).toUpperCase();
      for (let attempt = 0; ; attempt += 1) {
        try {
          await db
            .insertInto('devnet_xrp_tx')
            .values({
              hash,
              account: FAUCET_ACCOUNT,
              sequence: sql`(select coalesce(max(sequence), 0) + 1 from devnet_xrp_tx where account = ${FAUCET_ACCOUNT})`,
              kind: 'faucet',
              destination: address,
              destination_tag: destinationTag ?? null,
              amount: drops,
            })
            .execute();
          return hash;
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= 5) throw error;
        }
      }
    },

    async accountInfo(address) {
      const row = await db
        .selectFrom('devnet_xrp_account')
        .select(['balance', 'sequence'])
        .where('address', '=', address)
        .executeTakeFirst();
      return row ? { balance: BigInt(row.balance), sequence: Number(row.sequence) } : null;
    },
  };
}
