import { hexToBytes } from '@noble/hashes/utils.js';
import { z } from 'zod';
import type { BitcoinNetwork } from '../addresses/bitcoin-address';
import { BroadcastRejectedError } from '../chain-source';
import type { BitcoinNode, BlockTransaction, NodeTransactionStatus, Outpoint, UnspentOutput } from './bitcoin-node';
import { parseTransaction, transactionId } from './transaction';

/** Bitcoin Core's RPC error codes (src/rpc/protocol.h) the client reacts to. */
const RPC_INVALID_ADDRESS_OR_KEY = -5;
const RPC_INVALID_PARAMETER = -8;
const RPC_VERIFY_ERROR = -25;
const RPC_VERIFY_REJECTED = -26;
const RPC_VERIFY_ALREADY_IN_CHAIN = -27;
const RPC_DESERIALIZATION_ERROR = -22;

export class BitcoinRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`bitcoin rpc error ${code}: ${message}`);
    this.name = 'BitcoinRpcError';
  }
}

const envelopeSchema = z.object({
  result: z.unknown(),
  error: z.object({ code: z.number(), message: z.string() }).nullable(),
});

/** BTC amounts arrive as JSON numbers with at most 8 decimals; read them through their decimal text. */
export function btcToSatoshis(value: number): bigint {
  if (!Number.isFinite(value) || value < 0) throw new Error('not a BTC amount');
  const [whole = '0', fraction = ''] = value.toFixed(8).split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0'));
}

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

const scriptPubKeySchema = z.object({ hex: z.string(), address: z.string().optional(), type: z.string().optional() }).passthrough();

/** `getblock` at verbosity 3 (Core 23+): each input carries `prevout`, the output it spends. */
const blockSchema = z.object({
  hash: hex64,
  height: z.number().int(),
  tx: z.array(
    z.object({
      txid: hex64,
      vin: z.array(
        z
          .object({
            coinbase: z.string().optional(),
            prevout: z.object({ scriptPubKey: scriptPubKeySchema }).passthrough().optional(),
          })
          .passthrough(),
      ),
      vout: z.array(z.object({ value: z.number(), n: z.number().int(), scriptPubKey: scriptPubKeySchema })),
    }),
  ),
});

type BlockInputJson = z.infer<typeof blockSchema>['tx'][number]['vin'][number];

/**
 * The address an input spends from. Core omits `prevout` where it has no undo data for the block
 * (pruned, or no longer on the best chain): its senders are then unknown, and a deposit must not
 * be credited unscreened, so the block is read again later.
 */
function inputAddress(input: BlockInputJson, block: string, txid: string): string | null {
  if (input.coinbase !== undefined) return null;
  if (!input.prevout) throw new Error(`bitcoin block ${block} answered no prevout for an input of ${txid}`);
  return input.prevout.scriptPubKey.address ?? null;
}

const rawTransactionSchema = z
  .object({ txid: hex64, confirmations: z.number().int().optional(), blockhash: hex64.optional() })
  .passthrough();

const unspentSchema = z.array(
  z
    .object({
      txid: hex64,
      vout: z.number().int(),
      address: z.string(),
      scriptPubKey: z.string(),
      amount: z.number(),
      confirmations: z.number().int(),
      spendable: z.boolean().optional(),
      solvable: z.boolean().optional(),
    })
    .passthrough(),
);

const scanSchema = z.object({ success: z.boolean(), unspents: z.array(z.object({ amount: z.number() }).passthrough()) }).passthrough();

const feeSchema = z.object({ feerate: z.number().optional(), errors: z.array(z.string()).optional(), blocks: z.number().int() });

export interface BitcoinCoreOptions {
  /** `BTC_RPC_URL`, e.g. `http://user:password@127.0.0.1:8332/wallet/coffer`; credentials go into the Authorization header. */
  url: string;
  network: BitcoinNetwork;
  /** Blocks within which `estimatesmartfee` should confirm (default 6). */
  confirmationTarget?: number;
  /** Fee rate used when the node cannot estimate yet (fresh regtest, sat/vB, default 2). */
  fallbackFeeRate?: bigint;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Bitcoin Core over JSON-RPC, in the shapes of its documentation. The wallet behind the URL
 * watches the platform's addresses (descriptors imported by the operator) so `listunspent`
 * sees the hot wallet; `getrawtransaction` for any txid needs `txindex=1`; the deposits' senders
 * come from `getblock` at verbosity 3 (Core 23 or later, the block's undo data kept).
 */
export function createBitcoinCoreNode(
  options: BitcoinCoreOptions,
): BitcoinNode & { call<T = unknown>(method: string, params?: unknown[]): Promise<T> } {
  const fetchImpl = options.fetchImpl ?? fetch;
  const parsed = new URL(options.url);
  const authorization = parsed.username
    ? `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`
    : undefined;
  parsed.username = '';
  parsed.password = '';
  const endpoint = parsed.toString();
  let nextId = 0;

  async function call<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    nextId += 1;
    const response = await fetchImpl(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ jsonrpc: '1.0', id: `coffer-${nextId}`, method, params }),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    // Core answers errors with HTTP 500 (404 for an unknown method) and the error in the body.
    const text = await response.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new Error(`bitcoin rpc ${method} answered HTTP ${response.status} without JSON`);
    }
    const envelope = envelopeSchema.parse(body);
    if (envelope.error) throw new BitcoinRpcError(envelope.error.code, envelope.error.message);
    return envelope.result as T;
  }

  async function blockHash(height: number): Promise<string | null> {
    try {
      return hex64.parse(await call('getblockhash', [height]));
    } catch (error) {
      if (error instanceof BitcoinRpcError && error.code === RPC_INVALID_PARAMETER) return null;
      throw error;
    }
  }

  async function tipHeight(): Promise<number> {
    return z
      .number()
      .int()
      .parse(await call('getblockcount'));
  }

  return {
    network: options.network,
    call,
    tipHeight,
    blockHash,

    async blockTransactions(height): Promise<BlockTransaction[] | null> {
      const hash = await blockHash(height);
      if (hash === null) return null;
      const block = blockSchema.parse(await call('getblock', [hash, 3]));
      return block.tx.map((tx) => ({
        txid: tx.txid,
        isCoinbase: tx.vin.some((input) => input.coinbase !== undefined),
        inputs: tx.vin.map((input) => ({ address: inputAddress(input, hash, tx.txid) })),
        outputs: tx.vout.map((output) => ({
          vout: output.n,
          address: output.scriptPubKey.address ?? null,
          value: btcToSatoshis(output.value),
        })),
      }));
    },

    async sendRawTransaction(rawHex) {
      try {
        return hex64.parse(await call('sendrawtransaction', [rawHex]));
      } catch (error) {
        if (error instanceof BitcoinRpcError) {
          if (error.code === RPC_VERIFY_ALREADY_IN_CHAIN) {
            // Sending again what is already mined is the harmless repeat the sender promises.
            return transactionId(parseTransaction(hexToBytes(rawHex)));
          }
          if ([RPC_VERIFY_ERROR, RPC_VERIFY_REJECTED, RPC_DESERIALIZATION_ERROR].includes(error.code)) {
            throw new BroadcastRejectedError(error.message);
          }
        }
        throw error;
      }
    },

    async transactionStatus(txid): Promise<NodeTransactionStatus> {
      let raw: z.infer<typeof rawTransactionSchema>;
      try {
        raw = rawTransactionSchema.parse(await call('getrawtransaction', [txid, true]));
      } catch (error) {
        if (error instanceof BitcoinRpcError && error.code === RPC_INVALID_ADDRESS_OR_KEY) return { state: 'unknown' };
        throw error;
      }
      if (!raw.blockhash || !raw.confirmations || raw.confirmations < 1) return { state: 'mempool' };
      return { state: 'mined', height: (await tipHeight()) - raw.confirmations + 1 };
    },

    async listUnspent(addresses, minConfirmations): Promise<UnspentOutput[]> {
      if (addresses.length === 0) return [];
      const rows = unspentSchema.parse(await call('listunspent', [minConfirmations, 9_999_999, addresses]));
      return rows.map((row) => ({
        txid: row.txid,
        vout: row.vout,
        address: row.address,
        value: btcToSatoshis(row.amount),
        scriptPubKey: hexToBytes(row.scriptPubKey),
        confirmations: row.confirmations,
      }));
    },

    async lockUnspent(outpoints: Outpoint[]) {
      if (outpoints.length === 0) return true;
      try {
        // persistent = true: the lock survives a node restart (Core 23+).
        return z.boolean().parse(await call('lockunspent', [false, outpoints.map(({ txid, vout }) => ({ txid, vout })), true]));
      } catch (error) {
        if (error instanceof BitcoinRpcError && error.code === RPC_INVALID_PARAMETER) return false;
        throw error;
      }
    },

    async unlockUnspent(outpoints: Outpoint[]) {
      if (outpoints.length === 0) return;
      try {
        await call('lockunspent', [true, outpoints.map(({ txid, vout }) => ({ txid, vout }))]);
      } catch (error) {
        // "Invalid parameter, expected locked output": already unlocked or spent, which is the goal.
        if (!(error instanceof BitcoinRpcError && error.code === RPC_INVALID_PARAMETER)) throw error;
      }
    },

    async confirmedBalance(addresses) {
      if (addresses.length === 0) return 0n;
      // The UTXO set as of the tip, mempool excluded; each output summed exactly, not `total_amount`.
      const scan = scanSchema.parse(await call('scantxoutset', ['start', addresses.map((address) => `addr(${address})`)]));
      if (!scan.success) throw new Error('scantxoutset did not complete');
      return scan.unspents.reduce((sum, unspent) => sum + btcToSatoshis(unspent.amount), 0n);
    },

    async feeRate() {
      const estimate = feeSchema.parse(await call('estimatesmartfee', [options.confirmationTarget ?? 6]));
      if (estimate.feerate === undefined) return options.fallbackFeeRate ?? 2n;
      // BTC per 1,000 virtual bytes → satoshis per virtual byte, rounded up.
      const satsPerKvb = btcToSatoshis(estimate.feerate);
      return (satsPerKvb + 999n) / 1000n;
    },
  };
}
