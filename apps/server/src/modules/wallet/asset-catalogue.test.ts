import { assetDisplayPrecision } from '@coffer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createAssetCatalogue } from './asset-catalogue';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

describe('asset catalogue', () => {
  it('answers the display precision the web formats every amount with (packages/contract figures)', async () => {
    const currencies = await createAssetCatalogue(database.db).currencies();
    expect(Object.fromEntries(currencies.map((currency) => [currency.coin, currency.displayPrecision]))).toEqual(assetDisplayPrecision);
  });
});
