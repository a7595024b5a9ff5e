import { randomBytes } from 'node:crypto';
import type { Db } from '../../../platform/db/database';
import { checkBitcoinAddress } from '../addresses/bitcoin-address';
import { runEvery } from './devnet-timer';
import type { BitcoinNode, BlockInput, BlockTransaction, NodeTransactionStatus, UnspentOutput } from '../bitcoin/bitcoin-node';
import { isCoinbaseInput, parseTransaction } from '../bitcoin/transaction';
import { INITIAL_SUBSIDY, coinbaseLike, genesisOnce, mine } from './bitcoin-devnet-blocks';
import { acceptTransaction, sendRawTransaction } from './bitcoin-devnet-transactions';
import * as store from './bitcoin-devnet.repository';

export interface BitcoinDevnetOptions {
  /** Fee rate the devnet asks senders to pay, sat/vB (default 2). */
  feeRate?: bigint;
}

export interface BitcoinDevnet extends BitcoinNode {
  /** Mines the mempool into a new block, unless another process holds the miner lock. */
  mineBlock(): Promise<{ height: number; hash: string } | null>;
  /** Mines only when the newest block is at least `intervalMs` old, so several processes mine one chain at one pace. */
  mineIfDue(intervalMs: number): Promise<{ height: number; hash: string } | null>;
  /** Mines on a timer in this process; answers the function that stops it. */
  startMining(options: { intervalMs: number; onError?: (error: unknown) => void }): () => void;
  /** Credits an address with new coins through a coinbase-like transaction in the mempool; answers its txid. */
  faucet(address: string, satoshis: bigint): Promise<string>;
}

/**
 * Each input of a block's transactions in `vin` order, with the address of the output it spends,
 * as Bitcoin Core's `prevout` gives it: none for a coinbase input (the block's own and the
 * faucet's coinbase-like one).
 */
async function blockInputs(db: Db, height: number): Promise<Map<string, BlockInput[]>> {
  const transactions = (await store.blockRawTransactions(db, height)).map((row) => ({ txid: row.txid, tx: parseTransaction(row.raw) }));
  const spent = transactions.flatMap(({ tx }) => tx.inputs.filter((input) => !isCoinbaseInput(input)));
  const addresses = new Map(
    (await store.outputAddresses(db, spent)).map((output) => [`${output.txid}:${output.vout}`, output.address] as const),
  );
  return new Map(
    transactions.map(({ txid, tx }) => [
      txid,
      tx.inputs.map((input) => {
        if (isCoinbaseInput(input)) return { address: null };
        const address = addresses.get(`${input.txid}:${input.vout}`);
        // Accepted transactions spend only outputs the devnet holds.
        if (address === undefined) throw new Error(`devnet transaction ${txid} spends an unknown output`);
        return { address };
      }),
    ]),
  );
}

/** The built-in Bitcoin regtest-style chain of the embedded default, kept in PostgreSQL (blocks: `bitcoin-devnet-blocks.ts`, mempool: `bitcoin-devnet-transactions.ts`, SQL: `bitcoin-devnet.repository.ts`). */
export function createBitcoinDevnet(db: Db, options: BitcoinDevnetOptions = {}): BitcoinDevnet {
  const network = 'regtest' as const;
  const ensureGenesis = genesisOnce(db, network);

  async function tipHeight(): Promise<number> {
    await ensureGenesis();
    return store.tipHeight(db);
  }

  return {
    network,
    tipHeight,

    async blockHash(height) {
      await ensureGenesis();
      return store.blockHash(db, height);
    },

    async blockTransactions(height): Promise<BlockTransaction[] | null> {
      await ensureGenesis();
      if (!(await store.blockExists(db, height))) return null;
      const rows = await store.blockTransactionRows(db, height);
      const inputs = await blockInputs(db, height);
      const transactions = new Map<string, BlockTransaction>();
      for (const row of rows) {
        const tx = transactions.get(row.txid) ?? {
          txid: row.txid,
          isCoinbase: row.is_coinbase,
          inputs: inputs.get(row.txid) ?? [],
          outputs: [],
        };
        transactions.set(row.txid, tx);
        if (row.vout !== null && row.value !== null) tx.outputs.push({ vout: row.vout, address: row.address, value: BigInt(row.value) });
      }
      return [...transactions.values()];
    },

    sendRawTransaction: (rawHex) => sendRawTransaction(db, network, rawHex),

    async transactionStatus(txid): Promise<NodeTransactionStatus> {
      const height = await store.transactionBlockHeight(db, txid);
      if (height === undefined) return { state: 'unknown' };
      return height === null ? { state: 'mempool' } : { state: 'mined', height };
    },

    async listUnspent(addresses, minConfirmations): Promise<UnspentOutput[]> {
      if (addresses.length === 0) return [];
      const tip = await tipHeight();
      const rows = await store.unspentOutputs(db, addresses);
      return rows
        .map((row) => ({
          txid: row.txid,
          vout: row.vout,
          address: row.address as string,
          value: BigInt(row.value),
          scriptPubKey: row.script,
          confirmations: row.block_height === null ? 0 : tip - row.block_height + 1,
        }))
        .filter((utxo) => utxo.confirmations >= minConfirmations);
    },

    async lockUnspent(outpoints) {
      if (outpoints.length === 0) return true;
      return store.lockOutputs(db, outpoints);
    },

    async unlockUnspent(outpoints) {
      if (outpoints.length === 0) return;
      await store.unlockOutputs(db, outpoints);
    },

    async feeRate() {
      return options.feeRate ?? 2n;
    },

    async confirmedBalance(addresses) {
      if (addresses.length === 0) return 0n;
      await ensureGenesis();
      return BigInt(await store.confirmedTotal(db, addresses));
    },

    mineBlock: async () => {
      await ensureGenesis();
      return mine(db, network, false);
    },

    mineIfDue: async (intervalMs) => {
      await ensureGenesis();
      return mine(db, network, false, intervalMs);
    },

    startMining({ intervalMs, onError }) {
      // Checked four times an interval; mine(…, intervalMs) acts only when the last one is due.
      return runEvery(
        Math.max(100, Math.floor(intervalMs / 4)),
        () => ensureGenesis().then(() => mine(db, network, false, intervalMs)),
        onError,
      );
    },

    async faucet(address, satoshis) {
      const check = checkBitcoinAddress(address, network);
      if (!check.valid) throw new Error(`faucet: not a ${network} address (${check.problem})`);
      if (satoshis <= 0n || satoshis > INITIAL_SUBSIDY) throw new Error('faucet: amount must be 1 satoshi to 50 BTC');
      await ensureGenesis();
      const tx = coinbaseLike(Uint8Array.from([0x06, ...new TextEncoder().encode('faucet'), 0x10, ...randomBytes(16)]), [
        { value: satoshis, scriptPubKey: check.scriptPubKey },
      ]);
      return acceptTransaction(db, network, tx, 0n, true);
    },
  };
}
