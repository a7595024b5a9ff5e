import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { deriveDepositAddress } from '../addresses/hd-wallet';
import { BroadcastRejectedError } from '../chain-source';
import { createXrpChainSource, createXrpSender, xrpHotWalletAddress } from '../xrp/xrp-chain';
import { decodePaymentHex, encodePayment } from '../xrp/xrp-codec';
import { createXrpDevnet, type XrpDevnet } from './xrp-devnet';
import { bytesToHex } from '@noble/hashes/utils.js';

const XRP = 1_000_000n;
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const hot = xrpHotWalletAddress(seed);
const customer = deriveDepositAddress(seed, 'XRP', 3);

let database: TestDatabase;
let devnet: XrpDevnet;

beforeAll(async () => {
  database = await createTestDatabase();
  devnet = createXrpDevnet(database.db);
});

afterAll(async () => {
  await database.drop();
});

describe('XRP devnet', () => {
  it('funds the hot wallet through the faucet and reports it as a deposit of the validated ledger', async () => {
    expect(hot).toBe('rNAB7uPziNwZAkdzyeo6xRA9pKTsJxZ6td');
    expect(await devnet.validatedLedgerIndex()).toBe(1);
    const faucet = await devnet.faucet(hot, 1_000n * XRP, 77);
    const ledger = await devnet.closeLedger();
    expect(ledger).toBe(2);
    expect(await devnet.accountInfo(hot)).toEqual({ balance: 1_000n * XRP, sequence: 1 });
    const source = createXrpChainSource(devnet);
    // The faucet pays from its pseudo-account (ACCOUNT_ZERO), which is the payment's sender.
    expect(await source.depositsInBlock(2, (address) => address === hot)).toEqual([
      { txid: faucet, logIndex: 0, address: hot, asset: 'XRP', amount: 1_000n * XRP, tag: '77', senders: ['rrrrrrrrrrrrrrrrrrrrrhoLvTp'] },
    ]);
    expect(await source.blockHash(2)).toMatch(/^[0-9A-F]{64}$/);
    expect(await source.blockHash(3)).toBeNull();
    await expect(source.depositsInBlock(3, () => true)).rejects.toThrow();
  });

  it('sends a tagged payment from the hot wallet: hash before submit, validated in the next ledger', async () => {
    const sender = createXrpSender({ node: devnet, seed });
    const signed = await sender.buildAndSign({ to: customer, asset: 'XRP', amount: 25n * XRP, tag: '123' });
    expect(signed.networkFee).toBe(10n);
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'unknown' });
    await sender.broadcast(signed.raw);
    await sender.broadcast(signed.raw);
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'pending' });
    const ledger = (await devnet.closeLedger()) as number;
    expect(await sender.confirmations(signed.txid)).toEqual({ state: 'included', confirmations: 1 });
    const deposits = await createXrpChainSource(devnet).depositsInBlock(ledger, (address) => address === customer);
    expect(deposits).toEqual([
      { txid: signed.txid, logIndex: 0, address: customer, asset: 'XRP', amount: 25n * XRP, tag: '123', senders: [hot] },
    ]);
    expect(await devnet.ledgerPayments(ledger)).toEqual([
      { hash: signed.txid, account: hot, destination: customer, amount: 25n * XRP, destinationTag: '123' },
    ]);
    expect(await devnet.accountInfo(hot)).toEqual({ balance: 975n * XRP - 10n, sequence: 2 });
  });

  it('reports a payment the ledger could not make as failed, with the fee spent', async () => {
    const sender = createXrpSender({ node: devnet, seed });
    const fresh = deriveDepositAddress(seed, 'XRP', 4);
    // Below the reserve, a payment cannot create the destination account.
    const tooSmall = await sender.buildAndSign({ to: fresh, asset: 'XRP', amount: 1000n });
    await sender.broadcast(tooSmall.raw);
    await devnet.closeLedger();
    expect(await sender.confirmations(tooSmall.txid)).toEqual({ state: 'failed', confirmations: 1, reason: 'tecNO_DST_INSUF_XRP' });
    const tooLarge = await sender.buildAndSign({ to: customer, asset: 'XRP', amount: 10_000n * XRP });
    await sender.broadcast(tooLarge.raw);
    await devnet.closeLedger();
    expect(await sender.confirmations(tooLarge.txid)).toMatchObject({ state: 'failed', reason: 'tecUNFUNDED_PAYMENT' });
    expect((await devnet.accountInfo(hot))?.balance).toBe(975n * XRP - 30n);
  });

  it('keeps concurrent withdrawals apart by sequence and lets an abandoned one go', async () => {
    const sender = createXrpSender({ node: devnet, seed });
    const signed = await Promise.all([1, 2, 3, 4].map((n) => sender.buildAndSign({ to: customer, asset: 'XRP', amount: BigInt(n) * XRP })));
    const sequences = signed.map((each) => decodePaymentHex(each.raw).sequence).sort();
    expect(new Set(sequences).size).toBe(4);
    const [abandoned, ...sent] = signed;
    if (!abandoned) throw new Error('nothing signed');
    await sender.abandon(abandoned.raw);
    // Submitted out of order: the devnet holds later sequences until their turn.
    for (const each of [...sent].reverse()) await sender.broadcast(each.raw);
    await devnet.closeLedger();
    for (const each of sent) expect(await sender.confirmations(each.txid)).toEqual({ state: 'included', confirmations: 1 });
    expect(await sender.confirmations(abandoned.txid)).toEqual({ state: 'unknown' });
  });

  it('refuses forged, replayed-sequence and unfunded-account payments', async () => {
    const sender = createXrpSender({ node: devnet, seed });
    const signed = await sender.buildAndSign({ to: customer, asset: 'XRP', amount: XRP });
    const forged = decodePaymentHex(signed.raw);
    forged.amount += 1n;
    await expect(devnet.submit(bytesToHex(encodePayment(forged)))).rejects.toThrow(/BAD_SIGNATURE/);
    await sender.broadcast(signed.raw);
    await devnet.closeLedger();
    const replay = decodePaymentHex(signed.raw);
    await expect(devnet.submit(bytesToHex(encodePayment({ ...replay, amount: 2n })))).rejects.toBeInstanceOf(BroadcastRejectedError);
    const stranger = createXrpSender({ node: devnet, seed: new Uint8Array(64).fill(7) });
    await expect(stranger.buildAndSign({ to: customer, asset: 'XRP', amount: XRP })).rejects.toThrow(/fund it first/);
    await expect(devnet.submit('00')).rejects.toBeInstanceOf(BroadcastRejectedError);
  });

  it('closes one ledger per interval across processes', async () => {
    const other = createXrpDevnet(database.db);
    await devnet.closeLedger();
    const before = await devnet.validatedLedgerIndex();
    await Promise.all([devnet.closeLedgerIfDue(60_000), other.closeLedgerIfDue(60_000)]);
    expect(await devnet.validatedLedgerIndex()).toBe(before);
    const stop = devnet.startClosing({ intervalMs: 150 });
    const stopOther = other.startClosing({ intervalMs: 150 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    stop();
    stopOther();
    const closed = (await devnet.validatedLedgerIndex()) - before;
    expect(closed).toBeGreaterThanOrEqual(2);
    expect(closed).toBeLessThanOrEqual(6);
  });
});
