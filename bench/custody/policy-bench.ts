/**
 * bench/custody: the policy engine's evaluation of one withdrawal order (issue 18 item 4; target
 * p99 < 5 ms) against a business line with 200 whitelisted addresses (past their cooling
 * period), limits on its coin, three reviewers and a month of history: 3,000 orders of the line
 * spread over the last 30 days (most approved, some rejected, failed or still open), beside
 * 6,000 orders of two other lines of the organisation. Measured as the server runs it at
 * submission and on a dry run: `verdictOf` (order-detail.ts: the policy rows read by
 * `readPolicyRows`, then `evaluatePolicy`) in the organisation's fenced transaction
 * (`inOrganisation`, as the console role under row-level security), BENCH_EVALUATIONS times
 * (default 2,000, one after another) with migration 0049's covering index (0048's, led by the organisation) of the counted orders
 * and as many without it, in alternating blocks after a warm-up, with the query plan of the
 * counted orders either way; then `evaluatePolicy` alone over the facts read once. Prints p50,
 * p99 and the slowest of each, and this process's CPU per evaluation (the machine may be shared:
 * latency moves with others' load, CPU per evaluation much less). Uses BENCH_DATABASE_URL (default:
 * the local server at 127.0.0.1:5432, user postgres); creates and drops its own database.
 */
import { sql } from 'kysely';
import { admin, urlFor } from '../lib/bench-database';
import { openDatabase } from '../../apps/server/src/platform/db/database';
import { migrations } from '../../apps/server/src/migrations';
import { migrateToLatest } from '../../apps/server/src/platform/db/migrate';
import { inOrganisation } from '../../apps/server/src/modules/custody';
import { verdictOf } from '../../apps/server/src/modules/custody/order-detail';
import { evaluatePolicy } from '../../apps/server/src/modules/custody/order-policy';
import { policyFacts } from '../../apps/server/src/modules/custody/order-view';
import { readPolicyRows } from '../../apps/server/src/modules/custody/orders.repository';

const evaluations = Number(process.env.BENCH_EVALUATIONS ?? 2_000);
const warmUp = 200;
const lineOrders = 3_000;
const otherOrders = 6_000;
const benchDb = 'coffer_bench_custody_policy';

type Db = ReturnType<typeof openDatabase>['db'];

interface Seeded {
  orgId: string;
  lineId: string;
  accountId: string;
  submitterId: string;
  address: string;
}

/** The organisation, its line and a month of orders, written as the platform (the console's rows, straight into their tables). */
async function seed(db: Db): Promise<Seeded> {
  await sql`
    insert into app_user (user_no, email, residence_country, password_hash, invite_code)
    select 'P' || g, 'policy' || g || '@coffer.test', 'DE', 'x', 'POL' || g from generate_series(1, 4) g`.execute(db);
  const users = (await db.selectFrom('app_user').select('id').orderBy('id').execute()).map((row) => row.id);
  const { rows } = await sql<{ orgId: string; accountId: string; lineAdminRole: string; reviewerRole: string }>`
    with application as (
      insert into custody_application (user_id, company_name, country, industry, website, contact_name, phone, email, state, decided_at)
      values (${users[0]}, 'Policy Bench Ltd', 'DE', 'fund', 'https://bench.example', 'Ada', '+4930123456', 'a@bench.example', 'enabled', now())
      returning id
    ), org as (
      insert into custody_org (application_id, name, country, industry) select id, 'Policy Bench Ltd', 'DE', 'fund' from application
      returning id
    ), roles as (
      insert into custody_role (org_id, name, built_in, permissions)
      select org.id, r.name, r.built_in, r.permissions from org,
        (values ('Line admin', 'lineAdmin', array['orders']), ('Approver', 'approver', array['review'])) as r (name, built_in, permissions)
      returning id, built_in
    ), account as (
      insert into custody_account (org_id, name, kind, tier) select id, 'Treasury', 'hot', 'enterprise' from org returning id
    )
    select org.id::text as "orgId", account.id::text as "accountId",
           (select id::text from roles where built_in = 'lineAdmin') as "lineAdminRole",
           (select id::text from roles where built_in = 'approver') as "reviewerRole"
      from org, account`.execute(db);
  const base = rows[0]!;
  const orgId = base.orgId;
  const members = await sql<{ id: string }>`
    insert into custody_member (org_id, user_id, email, name, role_id, state, activated_at)
    select ${orgId}, u.id, 'm' || u.id || '@bench.example', 'Member ' || u.id,
           case when u.n = 1 then ${base.lineAdminRole}::bigint else ${base.reviewerRole}::bigint end, 'active', now()
      from unnest(${users}::bigint[]) with ordinality as u (id, n)
    returning id`.execute(db);
  const [submitterId, ...reviewerIds] = members.rows.map((row) => row.id);
  const lines = await sql<{ id: string }>`
    insert into custody_line (org_id, name, admin_email, currencies, min_reviewers)
    select ${orgId}, 'Line ' || g, 'line@bench.example', array['USDT'], 2 from generate_series(1, 3) g
    returning id`.execute(db);
  const lineIds = lines.rows.map((row) => row.id);
  const lineId = lineIds[0]!;
  await sql`
    insert into custody_line_account (org_id, line_id, account_id)
    select ${orgId}, l, ${base.accountId} from unnest(${lineIds}::bigint[]) l`.execute(db);
  await sql`
    insert into custody_line_reviewer (org_id, line_id, member_id)
    select ${orgId}, l, m from unnest(${lineIds}::bigint[]) l, unnest(${reviewerIds}::bigint[]) m`.execute(db);
  await sql`
    insert into custody_line_limit (org_id, line_id, asset, per_transaction, per_day, per_week, per_month)
    select ${orgId}, l, 'USDT', 100000, 1000000, 5000000, 20000000 from unnest(${lineIds}::bigint[]) l`.execute(db);
  await sql`
    insert into custody_line_whitelist (org_id, line_id, asset, chain, address, note, added_at)
    select ${orgId}, ${lineId}, 'USDT', 'ethereum', '0x' || lpad(to_hex(g), 8, '0') || repeat('ab', 16), 'supplier ' || g,
           now() - interval '2 days'
      from generate_series(1, 200) g`.execute(db);
  // A month of orders: on the measured line and on the two others, spread evenly over 30 days.
  await sql`
    insert into custody_withdrawal_order (org_id, serial_no, request_id, line_id, account_id, submitter_member_id, asset, chain,
      amount, fee, address, digest, state, hold_id, created_at, decided_at, txid)
    select ${orgId}, 'CW' || lpad(g::text, 10, '0'), 'bench-' || g,
           case when g <= ${lineOrders} then ${lineId}::bigint else (${lineIds}::bigint[])[2 + g % 2] end,
           ${base.accountId}, ${submitterId}, 'USDT', 'ethereum', 1000000 + g, 2000000,
           '0x' || lpad(to_hex(1 + g % 200), 8, '0') || repeat('ab', 16), repeat('a', 64), s.state, g, at,
           case when s.state in ('pending_review', 'reviewing') then null else at end,
           case when s.state = 'approved' then '0x' || lpad(to_hex(g), 64, '0') end
      from generate_series(1, ${lineOrders + otherOrders}) g,
           lateral (select now() - make_interval(secs => (g % ${lineOrders}) * 30 * 86400.0 / ${lineOrders}) as at) t,
           lateral (select case when g % 20 = 0 then 'rejected' when g % 20 = 1 then 'transfer_failed'
                                when g % 50 = 2 then 'pending_review' when g % 50 = 3 then 'reviewing' else 'approved' end as state) s`.execute(
    db,
  );
  await sql`analyze`.execute(db);
  return { orgId, lineId, accountId: base.accountId, submitterId: submitterId!, address: `0x${'7'.padStart(8, '0')}${'ab'.repeat(16)}` };
}

const countedIndex = `create index custody_withdrawal_order_counted_fenced on custody_withdrawal_order (org_id, line_id, asset, created_at)
  include (amount, id) where state in ('pending_review', 'reviewing', 'sending', 'approved')`;

/** How PostgreSQL answers the counted orders' query of `readPolicyRows`, fenced as the console runs it. */
async function countedPlan(db: Db, seeded: Seeded): Promise<string> {
  const plan = await inOrganisation(db, seeded.orgId, (trx) =>
    sql<{ 'QUERY PLAN': string }>`
      explain (analyze, costs off) select amount, created_at from custody_withdrawal_order
       where org_id = ${seeded.orgId} and line_id = ${seeded.lineId} and asset = 'USDT' and state in ('pending_review', 'reviewing', 'sending', 'approved')
         and created_at > now() - interval '30 days' order by created_at`.execute(trx),
  );
  const lines = plan.rows.map((row) => row['QUERY PLAN'].trim());
  const scan = lines.find((line) => /Scan on/.test(line)) ?? lines[0];
  return `${scan}; ${lines.find((line) => line.startsWith('Heap Fetches')) ?? 'heap rows visited'}; ${lines.find((line) => line.startsWith('Execution Time'))}`;
}

function percentiles(timings: number[]): { p50: number; p99: number; max: number } {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!;
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1]! };
}

function report(what: string, timings: number[], target?: number): void {
  const { p50, p99, max } = percentiles(timings);
  const verdict = target === undefined ? '' : ` (target p99 < ${target} ms: ${p99 < target ? 'met' : 'MISSED'})`;
  console.log(`${what}: p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms, slowest ${max.toFixed(3)} ms over ${timings.length}${verdict}`);
}

async function main(): Promise<void> {
  await admin(`drop database if exists ${benchDb} with (force)`);
  await admin(`create database ${benchDb}`);
  const database = openDatabase(urlFor(benchDb), { max: 4 });
  try {
    await migrateToLatest(database.db, migrations);
    const seeded = await seed(database.db);
    const db = database.db;
    const order = {
      orderId: null,
      lineId: seeded.lineId,
      submitterMemberId: seeded.submitterId,
      accountId: seeded.accountId,
      asset: 'USDT',
      chain: 'ethereum',
      address: seeded.address,
      tag: '',
      amount: 5_000_000n,
    };
    console.log(`line: 200 whitelisted addresses, ${lineOrders} orders over 30 days (${otherOrders} more on two other lines)`);

    const evaluate = () => inOrganisation(db, seeded.orgId, (trx) => verdictOf(trx, order, 6));
    const first = await evaluate();
    if (first?.verdict !== 'pass') throw new Error(`the bench order is not clean: ${JSON.stringify(first)}`);
    const used = first.limits.find((each) => each.window === 'month')?.used;
    console.log(`verdict: ${first.verdict}, month used ${used} base units`);

    // Before and after migration 0049 (the counted orders' covering index), in alternating
    // blocks: the machine is shared, and its load moves both alike.
    const withIndex: number[] = [];
    const withoutIndex: number[] = [];
    const cpu = { withIndex: 0, withoutIndex: 0 };
    const blocks = 4;
    for (let block = 0; block < blocks * 2; block += 1) {
      const indexed = block % 2 === 1;
      await sql.raw(indexed ? countedIndex : 'drop index if exists custody_withdrawal_order_counted_fenced').execute(db);
      await sql`vacuum analyze custody_withdrawal_order`.execute(db);
      if (block < 2) console.log(`${indexed ? 'with' : 'without'} 0049: ${await countedPlan(db, seeded)}`);
      for (let at = 0; at < warmUp / blocks; at += 1) await evaluate();
      const started = process.cpuUsage();
      for (let at = 0; at < evaluations / blocks; at += 1) {
        const begun = performance.now();
        await evaluate();
        (indexed ? withIndex : withoutIndex).push(performance.now() - begun);
      }
      const spent = process.cpuUsage(started);
      cpu[indexed ? 'withIndex' : 'withoutIndex'] += (spent.user + spent.system) / 1000;
    }
    const perEvaluation = (ms: number) => `${(ms / evaluations).toFixed(3)} ms of this process's CPU each`;
    report(
      `before (no 0049 index), policy evaluation in a fenced transaction of its own (a dry run); ${perEvaluation(cpu.withoutIndex)}`,
      withoutIndex,
      5,
    );
    report(
      `after (0049 index), policy evaluation in a fenced transaction of its own (a dry run); ${perEvaluation(cpu.withIndex)}`,
      withIndex,
      5,
    );

    // As a submission runs it: inside the submission's own fenced transaction, already open (its
    // begin, fence and commit are the submission's, paid once whatever it reads).
    const inside: number[] = [];
    const perTransaction = 50;
    const startedInside = process.cpuUsage();
    for (let at = 0; at < (warmUp + evaluations) / perTransaction; at += 1) {
      await inOrganisation(db, seeded.orgId, async (trx) => {
        for (let each = 0; each < perTransaction; each += 1) {
          const begun = performance.now();
          await verdictOf(trx, order, 6);
          if (at * perTransaction >= warmUp) inside.push(performance.now() - begun);
        }
      });
    }
    const spentInside = process.cpuUsage(startedInside);
    report(
      `after (0049 index), policy evaluation inside an open fenced transaction (the submission's); ${perEvaluation(
        (spentInside.user + spentInside.system) / 1000 / ((warmUp + evaluations) / evaluations),
      )}`,
      inside,
      5,
    );

    const rows = await inOrganisation(db, seeded.orgId, (trx) =>
      readPolicyRows(trx, {
        lineId: seeded.lineId,
        asset: 'USDT',
        submitterMemberId: seeded.submitterId,
        orderId: null,
        now: new Date(),
        history: 'orders',
      }),
    );
    const facts = policyFacts(rows!, 6, new Date());
    const engine: number[] = [];
    for (let at = 0; at < warmUp + evaluations; at += 1) {
      const started = performance.now();
      evaluatePolicy(order, facts);
      if (at >= warmUp) engine.push(performance.now() - started);
    }
    report(`evaluatePolicy alone (${facts.counted.length} counted orders, ${facts.whitelist.length} whitelist rows)`, engine);
  } finally {
    await database.close();
    // BENCH_KEEP_DATABASE=1 leaves it for a look with psql (the next run drops it first).
    if (process.env.BENCH_KEEP_DATABASE !== '1') await admin(`drop database if exists ${benchDb} with (force)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
