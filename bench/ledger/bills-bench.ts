/**
 * bench/ledger (bills): one customer's bills page and a 3-month CSV export with 1,000,000
 * journal entries in the database, through the wallet's bills service. Uses
 * BENCH_DATABASE_URL (default: the local server at 127.0.0.1:5432); creates and drops its
 * own database.
 */
import { sql } from 'kysely';
import { admin, urlFor } from '../lib/bench-database';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { migrations } from '../../apps/server/src/migrations';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import { createAssetsModule } from '../../apps/server/src/modules/assets';
import { depositBillDescriber } from '../../apps/server/src/modules/deposits';
import type { IdentityApi } from '../../apps/server/src/modules/identity';
import { tradeBillDescriber } from '../../apps/server/src/modules/trade';
import { createBillsService } from '../../apps/server/src/modules/wallet/bills.service';
import { withdrawalBillDescriber } from '../../apps/server/src/modules/withdrawals';

const journalCount = Number(process.env.BENCH_JOURNALS ?? 500_000);
const benchDb = 'coffer_bench_bills';

async function main(): Promise<void> {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const database = openDatabase(urlFor(benchDb), { max: 4 });
  const db = database.db;
  try {
    await migrateToLatest(db, migrations);
    const started = Date.now();
    await sql`insert into app_user (user_no, email, residence_country, password_hash, invite_code)
      values ('10000001', 'bench@coffer.test', 'DE', 'x', 'BENCH001')`.execute(db);
    await sql`insert into ledger_account (owner_type, owner_ref, asset, purpose)
      select 'customer', (select id::text from app_user), code, 'wallet' from asset`.execute(db);
    await sql`insert into ledger_account (owner_type, owner_ref, asset, purpose, allow_negative)
      select 'platform', 'coffer', code, 'chain', true from asset`.execute(db);
    // Deposits spread over 6 months, two entries each (customer and chain), in batches so
    // each statement's balance check stays small.
    const batch = 50_000;
    for (let first = 1; first <= journalCount; first += batch) {
      const last = Math.min(first + batch - 1, journalCount);
      await sql`
        with j as (
          insert into journal (idempotency_key, request_hash, bill_type, created_at, note)
          select 'bench-' || g, 'h', 2001, now() - (g * (180 * 86400.0 / ${journalCount})) * interval '1 second', 'deposit ' || g
            from generate_series(${first}::int, ${last}::int) g
          returning id, created_at
        ), legs as (
          select j.id, j.created_at, a.id as account_id, a.asset, (case when a.owner_type = 'customer' then 1 else -1 end) * 1000 as amount
            from j cross join ledger_account a where a.asset = 'USDT'
        )
        insert into entry (journal_id, account_id, asset, bucket, amount, created_at)
          select id, account_id, asset, 'available', amount, created_at from legs`.execute(db);
    }
    await sql`analyze`.execute(db);
    const entries = await sql<{ n: string }>`select count(*) as n from entry`.execute(db);
    console.log(`seeded ${entries.rows[0]!.n} entries (${journalCount} journals) in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const userId = (await db.selectFrom('app_user').select('id').executeTakeFirstOrThrow()).id;
    const identity = { describe: async () => ({ userNo: '10000001', masked: 'be***@coffer.test' }) } as unknown as IdentityApi;
    const bills = createBillsService({
      db,
      identity,
      assets: createAssetsModule({ db }).api,
      describers: [depositBillDescriber, withdrawalBillDescriber, tradeBillDescriber],
    });

    const pageTimes: number[] = [];
    for (let run = 0; run < 7; run += 1) {
      const t0 = performance.now();
      await bills.page(userId, { pageNo: 1, pageSize: 20 });
      pageTimes.push(performance.now() - t0);
    }
    pageTimes.sort((a, b) => a - b);
    console.log(`bills page (20 rows): median ${pageTimes[3]!.toFixed(1)} ms (target < 50 ms)`);

    const end = new Date();
    const start = new Date(end);
    start.setUTCMonth(start.getUTCMonth() - 3);
    const rssBefore = process.memoryUsage().rss;
    let peakRss = rssBefore;
    let bytes = 0;
    let lines = 0;
    const t0 = performance.now();
    for await (const chunk of bills.exportCsv(userId, { start: start.toISOString(), end: end.toISOString() }, 'en')) {
      bytes += Buffer.byteLength(chunk as string);
      lines += (chunk as string).split('\r\n').length - 1;
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
    }
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `3-month CSV: ${lines - 1} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; memory grew by ${((peakRss - rssBefore) / 1e6).toFixed(0)} MB while streaming`,
    );
  } finally {
    await database.close();
    await admin(`drop database if exists ${benchDb} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
