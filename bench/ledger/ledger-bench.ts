/**
 * bench/ledger: internal transfers per second through the ledger's service functions at 1, 8
 * and 32 concurrent clients between 10,000 accounts, the same with a fee leg to one house
 * account in every transfer, and `pgbench -N` against the same server as the reference.
 * Uses BENCH_DATABASE_URL (default: the local server at 127.0.0.1:5432, user postgres);
 * creates and drops its own databases. Every run ends by checking the ledger's invariants.
 */
import { execFileSync } from 'node:child_process';
import { sql } from 'kysely';
import { admin, urlFor } from '../lib/bench-database';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { migrations } from '../../apps/server/src/migrations';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import { createLedger, type Ledger } from '../../apps/server/src/modules/ledger/ledger.service';

const accountCount = Number(process.env.BENCH_ACCOUNTS ?? 10_000);
const secondsPerCase = Number(process.env.BENCH_SECONDS ?? 10);
const benchDb = 'coffer_bench_ledger';
const pgbenchDb = 'coffer_bench_pgbench';

async function seed(ledger: Ledger, db: ReturnType<typeof openDatabase>['db']): Promise<string[]> {
  const omnibus = await ledger.platformAccount('chain', 'USDT');
  await sql`
    insert into ledger_account (owner_type, owner_ref, asset, purpose)
    select 'customer', 'bench-' || g, 'USDT', 'wallet' from generate_series(1, ${accountCount}) g
    on conflict do nothing`.execute(db);
  const accounts = (await db.selectFrom('ledger_account').select('id').where('owner_ref', 'like', 'bench-%').orderBy('id').execute()).map(
    (row) => row.id,
  );
  // Fund every account through real journals, 200 legs at a time.
  for (let start = 0; start < accounts.length; start += 200) {
    const batch = accounts.slice(start, start + 200);
    await ledger.post({
      idempotencyKey: `bench-fund-${start}`,
      billType: 2001,
      legs: [
        { accountId: omnibus, bucket: 'available', amount: -1_000_000_000n * BigInt(batch.length) },
        ...batch.map((accountId) => ({ accountId, bucket: 'available' as const, amount: 1_000_000_000n })),
      ],
    });
  }
  await sql`analyze`.execute(db);
  return accounts;
}

async function run(ledger: Ledger, accounts: string[], clients: number, fees: string | null, label: string): Promise<number> {
  let done = 0;
  let failed = 0;
  const deadline = Date.now() + secondsPerCase * 1000;
  const worker = async (workerId: number) => {
    let sequence = 0;
    while (Date.now() < deadline) {
      const from = accounts[Math.floor(Math.random() * accounts.length)]!;
      let to = accounts[Math.floor(Math.random() * accounts.length)]!;
      if (to === from) to = accounts[(accounts.indexOf(from) + 1) % accounts.length]!;
      const idempotencyKey = `${label}-${clients}-${workerId}-${(sequence += 1)}-${Date.now()}`;
      try {
        if (fees) {
          await ledger.post({
            idempotencyKey,
            billType: 2004,
            legs: [
              { accountId: from, bucket: 'available', amount: -101n },
              { accountId: to, bucket: 'available', amount: 100n },
              { accountId: fees, bucket: 'available', amount: 1n },
            ],
          });
        } else {
          await ledger.transfer({ idempotencyKey, billType: 2004, from, to, amount: 100n });
        }
        done += 1;
      } catch {
        failed += 1;
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: clients }, (_, index) => worker(index)));
  const rate = done / ((Date.now() - started) / 1000);
  console.log(
    `  ${label.padEnd(22)} ${String(clients).padStart(2)} clients: ${rate.toFixed(0).padStart(6)} transfers/s${failed ? ` (${failed} failed)` : ''}`,
  );
  return rate;
}

function pgbench(clients: number): number {
  execFileSync('pgbench', ['-i', '-s', '10', '-q', urlFor(pgbenchDb)], { stdio: 'ignore' });
  const output = execFileSync('pgbench', ['-N', '-c', String(clients), '-j', '2', '-T', String(secondsPerCase), urlFor(pgbenchDb)], {
    encoding: 'utf8',
  });
  const tps = /tps = ([\d.]+)/.exec(output)?.[1];
  if (!tps) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(tps);
}

async function checkInvariants(db: ReturnType<typeof openDatabase>['db']): Promise<void> {
  const result = await sql<{ bad: string }>`
    select count(*) as bad from (
      select a.asset from ledger_account a group by a.asset
      having sum(a.available + a.frozen) + coalesce((select sum(p.amount) from ledger_house_pending p
        join ledger_account h on h.id = p.account_id where h.asset = a.asset), 0) <> 0
    ) x`.execute(db);
  const negative = await sql<{
    n: string;
  }>`select count(*) as n from ledger_account where owner_type = 'customer' and available < 0`.execute(db);
  if (result.rows[0]!.bad !== '0' || negative.rows[0]!.n !== '0') throw new Error('ledger invariants broken');
  console.log('  invariants: every asset sums to zero, no customer balance below zero');
}

async function main(): Promise<void> {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`drop database if exists ${pgbenchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  await admin(`create database ${pgbenchDb}`);
  const database = openDatabase(urlFor(benchDb), { max: 40 });
  try {
    await migrateToLatest(database.db, migrations);
    const ledger = createLedger(database.db, database.pool);
    const accounts = await seed(ledger, database.db);
    const fees = await ledger.platformAccount('fees', 'USDT');
    console.log(`ledger transfers through the service, ${accounts.length} accounts, ${secondsPerCase} s per case:`);
    const spread: Record<number, number> = {};
    for (const clients of [1, 8, 32]) spread[clients] = await run(ledger, accounts, clients, null, 'spread');
    const hot = await run(ledger, accounts, 32, fees, 'hot fee account');
    await ledger.foldHouseBalances();
    await checkInvariants(database.db);
    const reference = pgbench(32);
    console.log(`  pgbench -N             32 clients: ${reference.toFixed(0).padStart(6)} tps (reference)`);
    console.log(`ledger at 32 clients = ${((spread[32]! / reference) * 100).toFixed(0)}% of pgbench -N (target ≥ 50%)`);
    console.log(`hot-account case = ${(spread[32]! / hot).toFixed(2)}× slower than spread (target within 2×)`);
  } finally {
    await database.close();
    await admin(`drop database if exists ${benchDb} with (force)`);
    await admin(`drop database if exists ${pgbenchDb} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
