import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkBitcoinAddress } from '../addresses/bitcoin-address';
import { deriveDepositAddress } from '../addresses/hd-wallet';
import { BroadcastRejectedError } from '../chain-source';
import { bitcoinHotWalletAddress, createBitcoinChainSource, createBitcoinSender } from './bitcoin-chain';
import { btcToSatoshis, createBitcoinCoreNode } from './bitcoin-core-rpc';
import { parseTransaction, transactionId, verifyP2wpkhInput } from './transaction';

/**
 * A stand-in for bitcoind answering in the shapes of Bitcoin Core's RPC documentation
 * (JSON-RPC 1.0 envelope, HTTP 500 with `error` on failure, amounts as JSON numbers in BTC).
 */
interface FakeTx {
  txid: string;
  vin: Array<{ coinbase: string; sequence: number } | { txid: string; vout: number }>;
  vout: Array<{ value: number; n: number; scriptPubKey: { hex: string; address?: string; type: string } }>;
  block?: number;
}

const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const hot = bitcoinHotWalletAddress(seed, { network: 'regtest' });
const hotScript = bytesToHex((checkBitcoinAddress(hot, 'regtest') as { scriptPubKey: Uint8Array }).scriptPubKey);
const customer = deriveDepositAddress(seed, 'BTC', 5, 'regtest');
const customerScript = bytesToHex((checkBitcoinAddress(customer, 'regtest') as { scriptPubKey: Uint8Array }).scriptPubKey);
/** Whoever paid the funding transaction: its inputs spend this address's outputs. */
const outsider = deriveDepositAddress(seed, 'BTC', 900, 'regtest');
const outsiderScript = bytesToHex((checkBitcoinAddress(outsider, 'regtest') as { scriptPubKey: Uint8Array }).scriptPubKey);
/** A bare pay-to-pubkey script: standard, yet Core names no address for it. */
const payToPubkeyScript = `21${'02'.padEnd(66, '1')}ac`;

let server: Server;
let url: string;
let calls: Array<{ method: string; params: unknown[]; authorization: string | undefined }> = [];
let blocks: string[][] = [];
let transactions = new Map<string, FakeTx>();
let locked = new Set<string>();
let spent = new Set<string>();
let feeEstimate: object = { feerate: 0.00012, blocks: 6 };

function hash(n: number): string {
  return n.toString(16).padStart(64, '0');
}

function mine(txids: string[]): void {
  const height = blocks.length;
  for (const txid of txids) {
    const tx = transactions.get(txid);
    if (tx) tx.block = height;
  }
  blocks.push(txids);
}

function reset(): void {
  calls = [];
  blocks = [];
  transactions = new Map();
  locked = new Set();
  spent = new Set();
  feeEstimate = { feerate: 0.00012, blocks: 6 };
  const earlier: FakeTx = {
    txid: 'e'.repeat(64),
    vin: [{ coinbase: '0100', sequence: 4294967295 }],
    vout: [
      { value: 0.3, n: 0, scriptPubKey: { hex: outsiderScript, address: outsider, type: 'witness_v0_keyhash' } },
      { value: 0.2, n: 1, scriptPubKey: { hex: outsiderScript, address: outsider, type: 'witness_v0_keyhash' } },
      { value: 0.1, n: 2, scriptPubKey: { hex: payToPubkeyScript, type: 'pubkey' } },
    ],
  };
  const coinbase: FakeTx = {
    txid: 'c'.repeat(64),
    vin: [{ coinbase: '0101', sequence: 4294967295 }],
    vout: [{ value: 50, n: 0, scriptPubKey: { hex: customerScript, address: customer, type: 'witness_v0_keyhash' } }],
  };
  const funding: FakeTx = {
    txid: 'f'.repeat(64),
    vin: [
      { txid: 'e'.repeat(64), vout: 0 },
      { txid: 'e'.repeat(64), vout: 1 },
      { txid: 'e'.repeat(64), vout: 2 },
    ],
    vout: [
      { value: 0.5, n: 0, scriptPubKey: { hex: hotScript, address: hot, type: 'witness_v0_keyhash' } },
      { value: 0.00012345, n: 1, scriptPubKey: { hex: customerScript, address: customer, type: 'witness_v0_keyhash' } },
      { value: 0, n: 2, scriptPubKey: { hex: '6a0474657374', type: 'nulldata' } },
    ],
  };
  transactions.set(earlier.txid, earlier);
  transactions.set(coinbase.txid, coinbase);
  transactions.set(funding.txid, funding);
  mine([earlier.txid]);
  mine([coinbase.txid, funding.txid]);
}

type Answer = { result: unknown } | { error: { code: number; message: string } };

function answer(method: string, params: unknown[]): Answer {
  const tip = blocks.length - 1;
  switch (method) {
    case 'getblockcount':
      return { result: tip };
    case 'getblockhash': {
      const height = params[0] as number;
      if (height < 0 || height > tip) return { error: { code: -8, message: 'Block height out of range' } };
      return { result: hash(height + 1) };
    }
    case 'getblock': {
      const height = parseInt(params[0] as string, 16) - 1;
      const txids = blocks[height];
      if (!txids || params[1] !== 3) return { error: { code: -5, message: 'Block not found' } };
      // Verbosity 3: each input with the output it spends; none where the node lacks it (no undo data).
      const withPrevout = (input: FakeTx['vin'][number]) => {
        if (!('txid' in input)) return input;
        const previous = transactions.get(input.txid);
        const output = previous?.vout[input.vout];
        if (!previous || !output) return input;
        return { ...input, prevout: { generated: previous.vin.some((each) => 'coinbase' in each), height: previous.block, ...output } };
      };
      return {
        result: {
          hash: params[0],
          confirmations: tip - height + 1,
          height,
          tx: txids.map((txid) => {
            const tx = transactions.get(txid) as FakeTx;
            return { txid: tx.txid, hash: tx.txid, version: 2, vin: tx.vin.map(withPrevout), vout: tx.vout };
          }),
        },
      };
    }
    case 'sendrawtransaction': {
      const tx = parseTransaction(hexToBytes(params[0] as string));
      const txid = transactionId(tx);
      if (transactions.get(txid)?.block !== undefined) return { error: { code: -27, message: 'Transaction outputs already in utxo set' } };
      for (const [index, input] of tx.inputs.entries()) {
        const previous = transactions.get(input.txid)?.vout[input.vout];
        if (!previous || spent.has(`${input.txid}:${input.vout}`))
          return { error: { code: -25, message: 'bad-txns-inputs-missingorspent' } };
        const verified = verifyP2wpkhInput(tx, index, hexToBytes(previous.scriptPubKey.hex), btcToSatoshis(previous.value));
        if (!verified.ok) return { error: { code: -26, message: 'mandatory-script-verify-flag-failed' } };
      }
      for (const input of tx.inputs) spent.add(`${input.txid}:${input.vout}`);
      transactions.set(txid, {
        txid,
        vin: tx.inputs.map((input) => ({ txid: input.txid, vout: input.vout })),
        vout: tx.outputs.map((output, n) => ({
          value: Number(output.value) / 1e8,
          n,
          scriptPubKey: { hex: bytesToHex(output.scriptPubKey), type: 'witness_v0_keyhash' },
        })),
      });
      return { result: txid };
    }
    case 'getrawtransaction': {
      const tx = transactions.get(params[0] as string);
      if (!tx)
        return { error: { code: -5, message: 'No such mempool or blockchain transaction. Use gettransaction for wallet transactions.' } };
      const mined = tx.block !== undefined ? { blockhash: hash(tx.block + 1), confirmations: tip - tx.block + 1 } : {};
      return { result: { txid: tx.txid, hash: tx.txid, vin: tx.vin, vout: tx.vout, ...mined } };
    }
    case 'listunspent': {
      const [minconf, , addresses] = params as [number, number, string[]];
      const result = [...transactions.values()].flatMap((tx) =>
        tx.vout
          .filter((output) => output.scriptPubKey.address && addresses.includes(output.scriptPubKey.address))
          .filter((output) => !spent.has(`${tx.txid}:${output.n}`) && !locked.has(`${tx.txid}:${output.n}`))
          .map((output) => ({
            txid: tx.txid,
            vout: output.n,
            address: output.scriptPubKey.address,
            label: '',
            scriptPubKey: output.scriptPubKey.hex,
            amount: output.value,
            confirmations: tx.block === undefined ? 0 : tip - tx.block + 1,
            spendable: false,
            solvable: true,
            safe: true,
          }))
          .filter((row) => row.confirmations >= minconf),
      );
      return { result };
    }
    case 'lockunspent': {
      const [unlock, outputs] = params as [boolean, Array<{ txid: string; vout: number }>];
      const keys = outputs.map((output) => `${output.txid}:${output.vout}`);
      if (!unlock && keys.some((key) => locked.has(key)))
        return { error: { code: -8, message: 'Invalid parameter, output already locked' } };
      if (unlock && keys.some((key) => !locked.has(key)))
        return { error: { code: -8, message: 'Invalid parameter, expected locked output' } };
      for (const key of keys) {
        if (unlock) locked.delete(key);
        else locked.add(key);
      }
      return { result: true };
    }
    case 'scantxoutset': {
      // The UTXO set: outputs of mined transactions that no mined transaction spends (the mempool does not count).
      const [action, descriptors] = params as [string, string[]];
      if (action !== 'start') return { error: { code: -8, message: 'Invalid action' } };
      const scripts = new Set(
        descriptors.map((descriptor) =>
          bytesToHex(
            (checkBitcoinAddress(/^addr\((.+)\)$/.exec(descriptor)?.[1] ?? '', 'regtest') as { scriptPubKey: Uint8Array }).scriptPubKey,
          ),
        ),
      );
      const minedSpends = new Set(
        [...transactions.values()]
          .filter((tx) => tx.block !== undefined)
          .flatMap((tx) => tx.vin.flatMap((input) => ('txid' in input ? [`${input.txid}:${input.vout}`] : []))),
      );
      const unspents = [...transactions.values()]
        .filter((tx) => tx.block !== undefined)
        .flatMap((tx) =>
          tx.vout
            .filter((output) => scripts.has(output.scriptPubKey.hex) && !minedSpends.has(`${tx.txid}:${output.n}`))
            .map((output) => ({
              txid: tx.txid,
              vout: output.n,
              scriptPubKey: output.scriptPubKey.hex,
              desc: '',
              amount: output.value,
              coinbase: false,
              height: tx.block,
              blockhash: hash((tx.block ?? 0) + 1),
              confirmations: tip - (tx.block ?? 0) + 1,
            })),
        );
      const total = unspents.reduce((sum, unspent) => sum + unspent.amount, 0);
      return {
        result: { success: true, txouts: 1000, height: tip, bestblock: hash(tip + 1), unspents, total_amount: Number(total.toFixed(8)) },
      };
    }
    case 'estimatesmartfee':
      return { result: feeEstimate };
    default:
      return { error: { code: -32601, message: 'Method not found' } };
  }
}

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { id, method, params } = JSON.parse(body) as { id: string; method: string; params: unknown[] };
      calls.push({ method, params, authorization: request.headers.authorization });
      const reply = answer(method, params);
      const isError = 'error' in reply;
      response.writeHead(isError ? (reply.error.code === -32601 ? 404 : 500) : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ result: isError ? null : reply.result, error: isError ? reply.error : null, id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://coffer:s3cret@127.0.0.1:${(server.address() as AddressInfo).port}/wallet/platform`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(reset);

describe('Bitcoin Core JSON-RPC node', () => {
  it('sends basic auth from the URL and reads blocks in verbosity 3, with the address each input spends from', async () => {
    const node = createBitcoinCoreNode({ url, network: 'regtest' });
    expect(await node.tipHeight()).toBe(1);
    expect(calls[0]?.authorization).toBe(`Basic ${Buffer.from('coffer:s3cret').toString('base64')}`);
    expect(await node.blockHash(1)).toBe(hash(2));
    expect(await node.blockHash(7)).toBeNull();
    const source = createBitcoinChainSource(node);
    const deposits = await source.depositsInBlock(1, (address) => address === customer || address === hot);
    // The coinbase output to `customer` is skipped; the OP_RETURN output has no address; the
    // senders are the inputs' addresses once each, the pay-to-pubkey one naming none.
    expect(deposits).toEqual([
      { txid: 'f'.repeat(64), logIndex: 0, address: hot, asset: 'BTC', amount: 50_000_000n, senders: [outsider] },
      { txid: 'f'.repeat(64), logIndex: 1, address: customer, asset: 'BTC', amount: 12_345n, senders: [outsider] },
    ]);
    expect(calls.find((call) => call.method === 'getblock')?.params).toEqual([hash(2), 3]);
    const [coinbase, funding] = (await node.blockTransactions(1)) ?? [];
    expect(coinbase?.inputs).toEqual([{ address: null }]);
    expect(funding?.inputs).toEqual([{ address: outsider }, { address: outsider }, { address: null }]);
    await expect(source.depositsInBlock(9, () => true)).rejects.toThrow();
  });

  it('refuses a block whose inputs come without prevout rather than leave their senders unknown', async () => {
    const node = createBitcoinCoreNode({ url, network: 'regtest' });
    const unknownSpend: FakeTx = {
      txid: 'a'.repeat(64),
      vin: [{ txid: 'b'.repeat(64), vout: 0 }],
      vout: [{ value: 0.01, n: 0, scriptPubKey: { hex: customerScript, address: customer, type: 'witness_v0_keyhash' } }],
    };
    transactions.set(unknownSpend.txid, unknownSpend);
    mine([unknownSpend.txid]);
    await expect(createBitcoinChainSource(node).depositsInBlock(2, (address) => address === customer)).rejects.toThrow(/no prevout/);
  });

  it('converts fee estimates from BTC/kvB to sat/vB and falls back on a fresh node', async () => {
    const node = createBitcoinCoreNode({ url, network: 'regtest', fallbackFeeRate: 5n });
    expect(await node.feeRate()).toBe(12n);
    feeEstimate = { errors: ['Insufficient data or no feerate found'], blocks: 0 };
    expect(await node.feeRate()).toBe(5n);
    expect(calls.at(-1)?.params).toEqual([6]);
  });

  it('withdraws from the hot wallet: lock, sign, broadcast, confirm; refusals are final', async () => {
    const node = createBitcoinCoreNode({ url, network: 'regtest' });
    const sender = createBitcoinSender({ node, seed });
    const destination = deriveDepositAddress(seed, 'BTC', 77, 'regtest');
    const signed = await sender.buildAndSign({ to: destination, asset: 'BTC', amount: 20_000_000n });
    expect(calls.find((call) => call.method === 'lockunspent')?.params).toEqual([false, [{ txid: 'f'.repeat(64), vout: 0 }], true]);
    // The only coin is locked now: a second withdrawal finds nothing to spend.
    await expect(sender.buildAndSign({ to: destination, asset: 'BTC', amount: 1_000_000n })).rejects.toThrow(/cannot cover/);

    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'unknown' });
    await sender.broadcast(signed.raw);
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'pending' });
    mine([signed.txid]);
    mine([]);
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'included', confirmations: 2 });
    // Broadcasting a mined transaction again is harmless.
    await sender.broadcast(signed.raw);

    const forged = signed.raw.replace(/0{4}$/, '0001');
    await expect(sender.broadcast(forged)).rejects.toBeInstanceOf(BroadcastRejectedError);
  });

  it('abandon unlocks the coins of a transaction that will not be sent', async () => {
    const node = createBitcoinCoreNode({ url, network: 'regtest' });
    const sender = createBitcoinSender({ node, seed });
    const first = await sender.buildAndSign({ to: customer, asset: 'BTC', amount: 1_000_000n });
    await sender.abandon(first.raw);
    await sender.abandon(first.raw);
    const second = await sender.buildAndSign({ to: customer, asset: 'BTC', amount: 1_000_000n });
    expect(parseTransaction(hexToBytes(second.raw)).inputs[0]?.txid).toBe('f'.repeat(64));
  });

  it('reads the confirmed balance of addresses from the UTXO set, mempool spends not counted', async () => {
    const node = createBitcoinCoreNode({ url, network: 'regtest' });
    const sender = createBitcoinSender({ node, seed });
    expect(await node.confirmedBalance([hot, customer])).toBe(5_050_012_345n);
    expect(calls.at(-1)?.params).toEqual(['start', [`addr(${hot})`, `addr(${customer})`]]);
    expect(await node.confirmedBalance([])).toBe(0n);
    const destination = deriveDepositAddress(seed, 'BTC', 78, 'regtest');
    const signed = await sender.buildAndSign({ to: destination, asset: 'BTC', amount: 20_000_000n });
    await sender.broadcast(signed.raw);
    // In the mempool: the chain's state has not changed yet.
    expect(await node.confirmedBalance([hot])).toBe(50_000_000n);
    mine([signed.txid]);
    expect(await node.confirmedBalance([hot])).toBe(50_000_000n - 20_000_000n - signed.networkFee);
  });

  it('reads BTC JSON numbers exactly', () => {
    expect(btcToSatoshis(0.00012345)).toBe(12_345n);
    expect(btcToSatoshis(20999999.9769)).toBe(2_099_999_997_690_000n);
    expect(btcToSatoshis(0.1 + 0.2)).toBe(30_000_000n);
    expect(() => btcToSatoshis(-1)).toThrow();
  });
});
