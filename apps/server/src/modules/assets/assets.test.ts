import { assetDisplayPrecision } from '@coffer/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { DomainError } from '../../platform/errors/domain-error';
import { createAssetsModule, readReferenceUsdPrices, type AssetsApi } from './index';

let database: TestDatabase;
let assets: AssetsApi;

beforeAll(async () => {
  database = await createTestDatabase();
  assets = createAssetsModule({ db: database.db }).api;
});

afterAll(async () => {
  await database.drop();
});

describe('asset catalogue', () => {
  it('answers the display precision the web formats every amount with (packages/contract figures)', async () => {
    const currencies = await assets.currencies();
    expect(Object.fromEntries(currencies.map((currency) => [currency.coin, currency.displayPrecision]))).toEqual(assetDisplayPrecision);
  });

  it('lists the enabled coins in catalogue order with their decimals and reference prices', async () => {
    const list = await assets.list();
    expect(list.map((asset) => [asset.code, asset.scale])).toEqual([
      ['BTC', 8],
      ['ETH', 18],
      ['USDT', 6],
      ['USDC', 6],
      ['XRP', 6],
    ]);
    expect(list[0]).toMatchObject({ name: 'Bitcoin', icon: 'btc', displayPrecision: 8, sortOrder: 1 });
    expect(Number(list[0]?.usdPrice)).toBe(97000);
  });

  it('finds a coin in any case, and refuses an unknown one naming the field', async () => {
    expect((await assets.get('eth')).code).toBe('ETH');
    await expect(assets.get('DOGE')).rejects.toMatchObject({ key: 'coinNotSupported', field: 'coin' });
    const refused = await assets.get('DOGE', 'sourceCoin').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ key: 'coinNotSupported', field: 'sourceCoin' });
  });

  it('answers each network of a coin in base units, and in coin amounts for getCurrencies', async () => {
    const settings = await assets.chainSettings();
    expect(settings.map((setting) => `${setting.asset}/${setting.chain}`)).toEqual([
      'BTC/bitcoin',
      'ETH/ethereum',
      'USDT/ethereum',
      'USDC/ethereum',
      'XRP/xrpl',
    ]);
    expect(settings[0]).toEqual({
      asset: 'BTC',
      name: 'Bitcoin',
      icon: 'btc',
      scale: 8,
      displayPrecision: 8,
      chain: 'bitcoin',
      tokenStandard: 'native',
      contractAddress: null,
      confirmationsToCredit: 1,
      confirmationsToWithdraw: 6,
      minDeposit: 50_000n,
      minWithdrawal: 100_000n,
      withdrawalFee: 20_000n,
      isDepositEnabled: true,
      isWithdrawalEnabled: true,
    });
    const btc = (await assets.currencies()).find((currency) => currency.coin === 'BTC');
    expect(btc?.chains).toEqual([
      {
        chain: 'bitcoin',
        tokenStandard: 'native',
        confirmationsToCredit: 1,
        confirmationsToWithdraw: 6,
        minDeposit: '0.0005',
        minWithdrawal: '0.001',
        withdrawalFee: '0.0002',
        isDepositEnabled: true,
        isWithdrawalEnabled: true,
      },
    ]);
  });

  it('reads one coin on one chain now, telling a missing coin from a missing network', async () => {
    const found = await assets.readChainSetting('USDT', 'ethereum');
    expect(found).toMatchObject({
      setting: { asset: 'USDT', tokenStandard: 'erc20', minWithdrawal: 10_000_000n, withdrawalFee: 2_000_000n },
    });
    expect(await assets.readChainSetting('USDT', 'bitcoin')).toEqual({ missing: 'chain' });
    expect(await assets.readChainSetting('DOGE', 'bitcoin')).toEqual({ missing: 'coin' });
    // Codes are compared as given: a withdrawal names its coin exactly.
    expect(await assets.readChainSetting('usdt', 'ethereum')).toEqual({ missing: 'coin' });
  });

  it('answers every reference price, to the market module and to its migration alike', async () => {
    const prices = await assets.referenceUsdPrices();
    expect(prices.map((price) => price.code).sort()).toEqual(['BTC', 'ETH', 'USDC', 'USDT', 'XRP']);
    expect(await readReferenceUsdPrices(database.db)).toEqual(prices);
  });

  it('reads the coins once per process, but finds the decimals of a coin added or switched off since', async () => {
    const cached = createAssetsModule({ db: database.db }).api;
    expect((await cached.list()).map((asset) => asset.code)).toContain('XRP');
    await sql`update asset set is_enabled = false where code = 'XRP'`.execute(database.db);
    await sql`insert into asset (code, name, scale, display_precision, icon, sort_order, reference_usd_price)
              values ('DOGE', 'Dogecoin', 8, 4, 'doge', 6, 0.2)`.execute(database.db);
    // The catalogue changes by migration: a running process keeps what it read.
    expect((await cached.list()).map((asset) => asset.code)).toContain('XRP');
    expect(await cached.scaleOf('DOGE')).toBe(8);

    const fresh = createAssetsModule({ db: database.db }).api;
    expect((await fresh.list()).map((asset) => asset.code)).toEqual(['BTC', 'ETH', 'USDT', 'USDC', 'DOGE']);
    await expect(fresh.get('XRP')).rejects.toMatchObject({ key: 'coinNotSupported' });
    // Records of a switched-off coin still show in its decimals.
    expect(await fresh.scaleOf('XRP')).toBe(6);
    expect((await fresh.chainSettings()).map((setting) => setting.asset)).not.toContain('XRP');
    expect(await fresh.readChainSetting('XRP', 'xrpl')).toEqual({ missing: 'coin' });
    expect((await fresh.referenceUsdPrices()).map((price) => price.code)).toContain('XRP');
    await expect(fresh.scaleOf('NONE')).rejects.toThrow(/not in the asset catalogue/);
  });
});
