import { hexToBytes } from '@noble/hashes/utils.js';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { deriveDepositAddress } from '../addresses/hd-wallet';
import { BroadcastRejectedError } from '../chain-source';
import {
  bitcoinHotWalletAddress,
  createBitcoinChainSource,
  createBitcoinSender,
  InsufficientHotWalletFundsError,
} from '../bitcoin/bitcoin-chain';
import { createBitcoinDevnet, type BitcoinDevnet } from './bitcoin-devnet';
import { hexOf, parseTransaction, transactionId } from '../bitcoin/transaction';

const COIN = 100_000_000n;
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');

let database: TestDatabase;
let devnet: BitcoinDevnet;

beforeAll(async () => {
  database = await createTestDatabase();
  devnet = createBitcoinDevnet(database.db, { feeRate: 3n });
});

afterAll(async () => {
  await database.drop();
});

describe('Bitcoin devnet', () => {
  it('starts with a genesis block and mines faucet coins into the next block', async () => {
    expect(await devnet.tipHeight()).toBe(0);
    const hot = bitcoinHotWalletAddress(seed, devnet);
    expect(hot.startsWith('bcrt1q')).toBe(true);
    const faucetTxid = await devnet.faucet(hot, 2n * COIN);
    expect(await devnet.transactionStatus(faucetTxid)).toEqual({ state: 'mempool' });
    const block = await devnet.mineBlock();
    expect(block?.height).toBe(1);
    expect(await devnet.blockHash(1)).toBe(block?.hash);
    expect(await devnet.blockHash(2)).toBeNull();
    const source = createBitcoinChainSource(devnet);
    const deposits = await source.depositsInBlock(1, (address) => address === hot);
    // The faucet's coinbase-like input spends no output: no sender.
    expect(deposits).toEqual([{ txid: faucetTxid, logIndex: 0, address: hot, asset: 'BTC', amount: 2n * COIN, senders: [] }]);
    // The block's own coinbase pays the devnet miner and is never a deposit.
    const transactions = await devnet.blockTransactions(1);
    expect(transactions?.[0]?.isCoinbase).toBe(true);
    expect(transactions?.map((tx) => tx.inputs)).toEqual([[{ address: null }], [{ address: null }]]);
    expect(await source.depositsInBlock(1, () => true)).toHaveLength(1);
    await expect(source.depositsInBlock(5, () => true)).rejects.toThrow();
  });

  it('signs a withdrawal whose txid is known before broadcast, confirms it and credits the destination', async () => {
    const sender = createBitcoinSender({ node: devnet, seed });
    const customer = deriveDepositAddress(seed, 'BTC', 42, 'regtest');
    const signed = await sender.buildAndSign({ to: customer, asset: 'BTC', amount: 10_000_000n });
    expect(transactionId(parseTransaction(hexToBytes(signed.raw)))).toBe(signed.txid);
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'unknown' });

    await sender.broadcast(signed.raw);
    await sender.broadcast(signed.raw);
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'pending' });

    const block = await devnet.mineBlock();
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'included', confirmations: 1 });
    await devnet.mineBlock();
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'included', confirmations: 2 });

    const deposits = await createBitcoinChainSource(devnet).depositsInBlock(block?.height ?? -1, (address) => address === customer);
    const hot = bitcoinHotWalletAddress(seed, devnet);
    expect(deposits).toEqual([{ txid: signed.txid, logIndex: 0, address: customer, asset: 'BTC', amount: 10_000_000n, senders: [hot] }]);

    const tx = parseTransaction(hexToBytes(signed.raw));
    const change = tx.outputs[1]?.value ?? 0n;
    expect(2n * COIN - 10_000_000n - change).toBe(signed.networkFee);
    expect(signed.networkFee).toBeGreaterThanOrEqual(3n * 110n);
    const hotUnspent = await devnet.listUnspent([hot], 1);
    expect(hotUnspent.map((utxo) => utxo.value)).toEqual([change]);
  });

  it("answers each input's previous output address, and a deposit's senders once each", async () => {
    // Another wallet pays from two coins of its hot wallet and one of a further address of its own.
    const payer = mnemonicToSeedSync('legal winner thank year wave sausage worth useful legal winner thank yellow');
    const payerHot = bitcoinHotWalletAddress(payer, devnet);
    const payerOther = {
      address: deriveDepositAddress(payer, 'BTC', 7, 'regtest'),
      location: { chain: 'BTC', role: 'deposit', index: 7, network: 'regtest' } as const,
    };
    for (const address of [payerHot, payerHot, payerOther.address]) await devnet.faucet(address, 30_000_000n);
    await devnet.mineBlock();
    const sender = createBitcoinSender({ node: devnet, seed: payer, fundingKeys: async () => [payerOther] });
    const customer = deriveDepositAddress(seed, 'BTC', 43, 'regtest');
    const signed = await sender.buildAndSign({ to: customer, asset: 'BTC', amount: 80_000_000n });
    await sender.broadcast(signed.raw);
    const block = (await devnet.mineBlock())!;

    const spending = (await devnet.blockTransactions(block.height))?.find((tx) => tx.txid === signed.txid);
    const inputs = parseTransaction(hexToBytes(signed.raw)).inputs;
    expect(inputs).toHaveLength(3);
    // Each faucet coin is its transaction's only output, mined in the block before.
    const paidTo = new Map(((await devnet.blockTransactions(block.height - 1)) ?? []).map((tx) => [tx.txid, tx.outputs[0]?.address]));
    expect(spending?.inputs).toEqual(inputs.map((input) => ({ address: paidTo.get(input.txid) })));
    const [deposit] = await createBitcoinChainSource(devnet).depositsInBlock(block.height, (address) => address === customer);
    expect(deposit?.senders).toHaveLength(2);
    expect(new Set(deposit?.senders)).toEqual(new Set([payerHot, payerOther.address]));
  });

  it('refuses double spends, forged signatures, inflation and garbage', async () => {
    const hot = bitcoinHotWalletAddress(seed, devnet);
    const [utxo] = await devnet.listUnspent([hot], 1);
    if (!utxo) throw new Error('no hot wallet coin');
    const sender = createBitcoinSender({ node: devnet, seed });
    const first = await sender.buildAndSign({ to: deriveDepositAddress(seed, 'BTC', 1, 'regtest'), asset: 'BTC', amount: 1_000_000n });
    await sender.abandon(first.raw);
    const second = await sender.buildAndSign({ to: deriveDepositAddress(seed, 'BTC', 2, 'regtest'), asset: 'BTC', amount: 1_000_000n });
    expect(second.txid).not.toBe(first.txid);
    await sender.broadcast(second.raw);
    // `first` spends the same coin: refused for good.
    await expect(sender.broadcast(first.raw)).rejects.toBeInstanceOf(BroadcastRejectedError);
    await devnet.mineBlock();

    const third = await sender.buildAndSign({ to: deriveDepositAddress(seed, 'BTC', 3, 'regtest'), asset: 'BTC', amount: 1_000_000n });
    const forged = parseTransaction(hexToBytes(third.raw));
    const output = forged.outputs[0];
    if (output) output.value += 1000n;
    await expect(devnet.sendRawTransaction(hexOf(forged))).rejects.toThrow(/script-verify/);
    await expect(devnet.sendRawTransaction('00ff')).rejects.toThrow(/decode/);
    await sender.abandon(third.raw);
  });

  it('never gives one coin to two concurrent withdrawals', async () => {
    const hot = bitcoinHotWalletAddress(seed, devnet);
    // Leave the hot wallet with three coins of 1 BTC (and at most some dust-sized change).
    const sweep = createBitcoinSender({ node: devnet, seed });
    const leftovers = await devnet.listUnspent([hot], 0);
    const total = leftovers.reduce((sum, utxo) => sum + utxo.value, 0n);
    const away = await sweep.buildAndSign({ to: deriveDepositAddress(seed, 'BTC', 99, 'regtest'), asset: 'BTC', amount: total - 10_000n });
    await sweep.broadcast(away.raw);
    for (let i = 0; i < 3; i += 1) await devnet.faucet(hot, COIN);
    await devnet.mineBlock();
    const coins = await devnet.listUnspent([hot], 1);
    expect(coins.filter((utxo) => utxo.value === COIN)).toHaveLength(3);
    expect(coins.filter((utxo) => utxo.value !== COIN).every((utxo) => utxo.value < 20_000n)).toBe(true);

    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) =>
        createBitcoinSender({ node: devnet, seed }).buildAndSign({
          to: deriveDepositAddress(seed, 'BTC', 200 + i, 'regtest'),
          asset: 'BTC',
          amount: 60_000_000n,
        }),
      ),
    );
    const signed = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
    expect(signed).toHaveLength(3);
    expect(refused.every((reason) => reason instanceof InsufficientHotWalletFundsError)).toBe(true);
    for (const each of signed) await sweep.broadcast(each.raw);
    await devnet.mineBlock();
    for (const each of signed) expect(await sweep.confirmations(each.txid)).toEqual({ state: 'included', confirmations: 1 });
  });

  it('mines one block per interval however many processes try', async () => {
    const other = createBitcoinDevnet(database.db);
    await devnet.mineBlock();
    // The tip is then over a second old: each of the four is due, yet the first block makes the
    // others not due (an interval of 0 would let a later one mine again, rightly, on a slow machine).
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    const before = await devnet.tipHeight();
    const attempts = await Promise.all([devnet.mineIfDue(1_000), other.mineIfDue(1_000), devnet.mineIfDue(1_000), other.mineIfDue(1_000)]);
    expect(attempts.filter((block) => block !== null).length).toBeLessThanOrEqual(1);
    expect(await devnet.tipHeight()).toBeLessThanOrEqual(before + 1);

    const stop = devnet.startMining({ intervalMs: 150 });
    const stopOther = other.startMining({ intervalMs: 150 });
    const start = await devnet.tipHeight();
    await new Promise((resolve) => setTimeout(resolve, 800));
    stop();
    stopOther();
    const mined = (await devnet.tipHeight()) - start;
    expect(mined).toBeGreaterThanOrEqual(2);
    expect(mined).toBeLessThanOrEqual(6);
  });
});
