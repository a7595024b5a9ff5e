import { inflateRawSync } from 'node:zlib';
import { custodyPaths, errorCatalogue, fromBaseUnits, type CustodyAssetReport } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { enabledOrganisation, type TestOrganisation } from '../../../test/custody-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { valueInCents } from '../../platform/money/fiat-valuation';
import { crc32 } from '../../platform/xlsx/zip';
import { createAssetsModule } from '../assets';
import { createLedgerReads } from '../ledger';
import { createLedger, type Ledger } from '../ledger/ledger.service';
import { createAssetSnapshots, type AssetSnapshots } from './asset-snapshots';
import { trimZeros } from './custody-valuation';
import { inOrganisation } from './tenant-transaction';

/**
 * The asset report (issue 17 item 8): holdings with USD values now, the daily snapshots (one
 * row per account, asset and day however often the job runs) and the downloads, the workbook
 * read back by unzipping it and reading its sheets' XML.
 */

let database: TestDatabase;
let app: FastifyInstance;
let ledger: Ledger;
let snapshots: AssetSnapshots;
let org: TestOrganisation;
let other: TestOrganisation;
let hot: string;
let cold: string;
/** The USD price the server values BTC and ETH at (no ticker runs in tests: the catalogue's reference price). */
const prices = new Map<string, string>();

async function openAccount(owner: TestOrganisation, name: string, kind: 'hot' | 'cold'): Promise<string> {
  const answer = await owner.admin.client.post(custodyPaths.accounts, { name, kind, tier: 'prime' });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

let funded = 0;
async function fund(accountId: string, asset: string, units: bigint): Promise<void> {
  funded += 1;
  await ledger.transfer({
    idempotencyKey: `test-report-fund-${funded}`,
    billType: 2001,
    from: await ledger.platformAccount('chain', asset),
    to: await ledger.custodyAccount(accountId, asset),
    amount: units,
  });
}

/** The files of a zip archive, each checked against its CRC-32, by path. */
function unzip(archive: Buffer): Map<string, string> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let index = 0; index < count; index += 1) {
    expect(archive.readUInt32LE(at)).toBe(0x02014b50);
    const crc = archive.readUInt32LE(at + 16);
    const packedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(archive.readUInt32LE(local)).toBe(0x04034b50);
    const dataStart = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = inflateRawSync(archive.subarray(dataStart, dataStart + packedSize));
    expect(data.length).toBe(size);
    expect(crc32(data)).toBe(crc);
    files.set(name, data.toString('utf8'));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

/** A worksheet's rows as cell texts (inline strings unescaped, numbers as written). */
function sheetRows(xml: string): string[][] {
  const unescape = (text: string) =>
    text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  return [...xml.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((row) =>
    [...row[1]!.matchAll(/<c r="[A-Z]+\d+"(?: t="inlineStr")?>(?:<is><t xml:space="preserve">(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)].map(
      (cell) => unescape(cell[1] ?? cell[2] ?? ''),
    ),
  );
}

const usd = (units: bigint, scale: number, coin: string) => {
  const cents = valueInCents(units, scale, prices.get(coin)!);
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
};

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  ledger = createLedger(database.db);
  org = await enabledOrganisation(app, database.db, { tag: 'report', company: 'Report & Sons' });
  other = await enabledOrganisation(app, database.db, { tag: 'otherrep', company: 'Other Reports', operator: org.operator });
  hot = await openAccount(org, 'Trading <hot>', 'hot');
  cold = await openAccount(org, 'Vault', 'cold');
  await fund(hot, 'BTC', 150_000_000n);
  await fund(cold, 'BTC', 1_234_567_891n);
  await fund(cold, 'ETH', 123_456_789_012_345_678_901n);
  await fund(await openAccount(other, 'Other vault', 'cold'), 'BTC', 700_000_000n);
  const assets = createAssetsModule({ db: database.db }).api;
  for (const asset of await assets.list()) prices.set(asset.code, trimZeros(asset.usdPrice));
  const market = { latestUsdPrices: async () => new Map() };
  snapshots = createAssetSnapshots({ db: database.db, assets, market, ledgerReads: createLedgerReads(database.db) });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('daily snapshots', () => {
  it('write one row per account, asset and day, however often and however concurrently the job runs that day', async () => {
    expect(await snapshots.take('2026-03-01')).toBe(4);
    expect(await snapshots.take('2026-03-01')).toBe(0);
    await fund(hot, 'BTC', 50_000_000n);
    const again = await Promise.all(Array.from({ length: 100 }, () => snapshots.take('2026-03-01')));
    expect(again.reduce((sum, written) => sum + written, 0)).toBe(0);
    const rows = await database.db
      .selectFrom('custody_daily_snapshot')
      .select(['org_id', 'account_id', 'asset', 'balance'])
      .where(sql<boolean>`day = '2026-03-01'::date`)
      .execute();
    expect(rows).toHaveLength(4);
    expect(rows.find((row) => row.account_id === hot && row.asset === 'BTC')!.balance).toBe('150000000');
    // The next day takes the balance then.
    expect(await snapshots.take('2026-03-02')).toBe(4);
    const own = await inOrganisation(database.db, org.orgId, (trx) => trx.selectFrom('custody_daily_snapshot').select('org_id').execute());
    expect(own).toHaveLength(6);
    expect(own.every((row) => row.org_id === org.orgId)).toBe(true);
    const job = snapshots.job();
    expect(job).toMatchObject({ name: 'custody.daily-snapshot', cron: '5 0 * * *' });
  });
});

describe('the asset report', () => {
  it('values each holding now and shows the snapshots of a range by day and coin; an account of another organisation is not found', async () => {
    const answer = await org.admin.client.get(`${custodyPaths.assetReport}?start=2026-02-28&end=2026-03-02`);
    expect(answer.body.code).toBe(0);
    const report = answer.body.data as CustodyAssetReport;
    expect(report.holdings).toEqual([
      expect.objectContaining({
        accountId: hot,
        accountName: 'Trading <hot>',
        kind: 'hot',
        tier: 'prime',
        coin: 'BTC',
        balance: '2',
        usdValue: usd(200_000_000n, 8, 'BTC'),
      }),
      expect.objectContaining({ accountId: cold, coin: 'BTC', balance: '12.34567891', usdValue: usd(1_234_567_891n, 8, 'BTC') }),
      expect.objectContaining({
        accountId: cold,
        coin: 'ETH',
        balance: fromBaseUnits(123_456_789_012_345_678_901n, 18),
        usdValue: usd(123_456_789_012_345_678_901n, 18, 'ETH'),
      }),
    ]);
    expect(report.holdings.every((holding) => holding.usdPrice === prices.get(holding.coin))).toBe(true);
    expect(report).toMatchObject({ start: '2026-02-28', end: '2026-03-02' });
    expect(report.days.map((day) => day.day)).toEqual(['2026-03-01', '2026-03-02']);
    expect(report.days[0]!.coins).toEqual([
      { coin: 'BTC', balance: '13.84567891', usdValue: expect.any(String) },
      { coin: 'ETH', balance: fromBaseUnits(123_456_789_012_345_678_901n, 18), usdValue: usd(123_456_789_012_345_678_901n, 18, 'ETH') },
    ]);
    expect(report.days[1]!.coins[0]!.balance).toBe('14.34567891');

    const oneAccount = await org.admin.client.get(`${custodyPaths.assetReport}?start=2026-03-01&end=2026-03-01&accountId=${hot}`);
    expect((oneAccount.body.data as CustodyAssetReport).days).toEqual([
      {
        day: '2026-03-01',
        usdValue: usd(150_000_000n, 8, 'BTC'),
        coins: [{ coin: 'BTC', balance: '1.5', usdValue: usd(150_000_000n, 8, 'BTC') }],
      },
    ]);
    expect((await other.admin.client.get(`${custodyPaths.assetReport}?accountId=${hot}`)).body.code).toBe(
      errorCatalogue.noMatchingData.code,
    );
    expect((await org.admin.client.get(`${custodyPaths.assetReport}?start=2026-03-02&end=2026-03-01`)).body.code).toBe(
      errorCatalogue.custodyRangeInvalid.code,
    );
    expect((await org.admin.client.get(`${custodyPaths.assetReport}?start=2024-01-01&end=2026-03-01`)).body.code).toBe(
      errorCatalogue.custodyRangeInvalid.code,
    );
    expect((await org.admin.client.get(`${custodyPaths.assetReport}?start=2026-02-30`)).body.code).toBe(
      errorCatalogue.invalidParameter.code,
    );
  });

  it('downloads as an XLSX workbook that unzips into its holdings and snapshot sheets, and as CSV', async () => {
    const xlsx = await app.inject({
      url: `${custodyPaths.assetReportExport}?format=xlsx&start=2026-03-01&end=2026-03-02&lang=en`,
      headers: { cookie: org.admin.client.cookie! },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers['content-disposition']).toBe('attachment; filename="coffer-custody-asset-report_2026-03-01_2026-03-02.xlsx"');
    const files = unzip(xlsx.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      [
        '[Content_Types].xml',
        '_rels/.rels',
        'xl/_rels/workbook.xml.rels',
        'xl/styles.xml',
        'xl/workbook.xml',
        'xl/worksheets/sheet1.xml',
        'xl/worksheets/sheet2.xml',
      ].sort(),
    );
    expect(files.get('xl/workbook.xml')).toContain(
      '<sheet name="Holdings" sheetId="1" r:id="rId1"/><sheet name="Daily snapshots" sheetId="2" r:id="rId2"/>',
    );
    const holdings = sheetRows(files.get('xl/worksheets/sheet1.xml')!);
    expect(holdings[0]).toEqual(['Account', 'Type', 'Coin', 'Available', 'Frozen', 'Balance', 'USD price', 'USD value']);
    expect(holdings[1]).toEqual(['Trading <hot>', 'Hot storage', 'BTC', '2', '0', '2', prices.get('BTC'), usd(200_000_000n, 8, 'BTC')]);
    expect(holdings[3]![5]).toBe(fromBaseUnits(123_456_789_012_345_678_901n, 18));
    expect(holdings).toHaveLength(4);
    const days = sheetRows(files.get('xl/worksheets/sheet2.xml')!);
    expect(days[0]).toEqual(['Day (UTC)', 'Account', 'Coin', 'Balance', 'USD price', 'USD value']);
    expect(days.slice(1).map((row) => `${row[0]} ${row[1]} ${row[2]} ${row[3]}`)).toEqual([
      '2026-03-01 Trading <hot> BTC 1.5',
      '2026-03-01 Vault BTC 12.34567891',
      `2026-03-01 Vault ETH ${fromBaseUnits(123_456_789_012_345_678_901n, 18)}`,
      '2026-03-02 Trading <hot> BTC 2',
      '2026-03-02 Vault BTC 12.34567891',
      `2026-03-02 Vault ETH ${fromBaseUnits(123_456_789_012_345_678_901n, 18)}`,
    ]);
    expect(JSON.stringify([...files.values()])).not.toContain('Other vault');

    const csv = await app.inject({
      url: `${custodyPaths.assetReportExport}?format=csv&start=2026-03-01&end=2026-03-01&lang=ru`,
      headers: { cookie: org.admin.client.cookie! },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Активы',
      'Счёт,Тип,Монета,Доступно,Заморожено,Баланс,Цена в USD,Стоимость в USD',
      `Trading <hot>,Горячее хранение,BTC,2,0,2,${prices.get('BTC')},${usd(200_000_000n, 8, 'BTC')}`,
    ]);
    expect(lines).toContain('Ежедневные снимки');
    expect(lines.filter((line) => line.startsWith('2026-03-01,'))).toHaveLength(3);

    // Refused (here: no session), a download answers the envelope, not a file.
    expect((await app.inject({ url: `${custodyPaths.assetReportExport}?format=csv` })).json().code).not.toBe(0);
  });
});
