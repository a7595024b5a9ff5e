import { Kysely, PostgresDialect, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import type { Database, Db } from '../../platform/db/database';
import { findCustomersByKey, type CustomerKey } from './customer-admin.repository';
import { createCustomerAdmin, customerKeyOf } from './customer-admin.service';
import { findLiveSessionIds, createSessionStore } from './session-store';

let database: TestDatabase;
const bulkUsers = 20_000;

beforeAll(async () => {
  database = await createTestDatabase();
  // Enough accounts that the planner would rather scan the table than use a useless index.
  await sql`
    insert into app_user (user_no, email, phone_country, phone_dial_code, phone, residence_country, password_hash, invite_code)
    select '7' || lpad(g::text, 7, '0'), 'bulk' || g || '@coffer.test', 'DE', '49', (1500000000 + g)::text, 'DE', 'x', 'BULK' || g
      from generate_series(1, ${bulkUsers}) as g`.execute(database.db);
  await sql`analyze app_user`.execute(database.db);
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

const sessionContext = { clientKind: 'web', device: 'test', ip: '127.0.0.1' };

function admin() {
  const sessions = createSessionStore({ db: database.db, key: Buffer.alloc(32, 3), ttlHours: 1 });
  return { sessions, customers: createCustomerAdmin({ db: database.db, sessions }) };
}

async function userIdOf(userNo: string): Promise<string> {
  return (await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow()).id;
}

describe('the search key', () => {
  it('reads an e-mail in any case, a phone with or without its dial code, a user number with or without CF, an id', () => {
    expect(customerKeyOf('  Anna.Example@Coffer.TEST ')).toEqual({ kind: 'email', email: 'anna.example@coffer.test' });
    expect(customerKeyOf('+49 151-2345 (678)')).toEqual({ kind: 'fullPhone', fullPhone: '+491512345678' });
    expect(customerKeyOf('491512345678')).toEqual({ kind: 'digits', digits: '491512345678', id: '491512345678' });
    expect(customerKeyOf('cf12345678')).toEqual({ kind: 'digits', digits: '12345678', id: '12345678' });
    expect(customerKeyOf('99999999999999999999')).toBeNull();
    expect(customerKeyOf('9999999999999999999')).toEqual({ kind: 'digits', digits: '9999999999999999999', id: null });
    expect(customerKeyOf('0')).toEqual({ kind: 'digits', digits: '0', id: null });
    expect(customerKeyOf('drop table')).toBeNull();
  });
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/**
 * The reads of `app_user` not bounded by an index condition: a sequential scan, or an index
 * walked in order with a filter (`order by id limit 20` over the primary key), which reads the
 * whole table when few rows match.
 */
function unboundedScans(node: PlanNode): string[] {
  const own =
    node['Relation Name'] === 'app_user' && node['Node Type'] !== 'Bitmap Heap Scan' && !node['Index Cond']
      ? [`${node['Node Type']} ${node['Index Name'] ?? ''}`.trim()]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(unboundedScans)];
}

describe('the customer search', () => {
  it('finds each key, and at most 20', async () => {
    const { customers } = admin();
    const id = await userIdOf('70000042');
    for (const query of ['70000042', 'CF70000042', id, 'BULK42@coffer.test', '+49 1500000042', '491500000042', '1500000042']) {
      expect(
        (await customers.searchCustomers(query)).map((each) => each.userNo),
        query,
      ).toEqual(['70000042']);
    }
    // One national number under many dial codes: the answer stops at 20.
    await sql`
      insert into app_user (user_no, phone_country, phone_dial_code, phone, residence_country, password_hash, invite_code)
      select '6' || lpad(g::text, 7, '0'), 'DE', (300 + g)::text, '5550001', 'DE', 'x', 'SAME' || g from generate_series(1, 25) as g`.execute(
      database.db,
    );
    expect(await customers.searchCustomers('5550001')).toHaveLength(20);
    expect(await customers.searchCustomers('nobody@coffer.test')).toEqual([]);
  });

  it('answers every form from an index, never scanning the table', async () => {
    const queries: CompiledQuery[] = [];
    const watched: Db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        if (event.level === 'query') queries.push(event.query);
      },
    });
    const keys: CustomerKey[] = [
      { kind: 'email', email: 'bulk7@coffer.test' },
      { kind: 'fullPhone', fullPhone: '+491500000007' },
      { kind: 'digits', digits: '1500000007', id: '1500000007' },
      { kind: 'digits', digits: '70000007', id: '70000007' },
    ];
    for (const key of keys) await findCustomersByKey(watched, key, 20);
    expect(queries).toHaveLength(keys.length);
    for (const query of queries) {
      const explained = await database.pool.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${query.sql}`, [...query.parameters]);
      const [{ Plan: plan }] = explained.rows[0]?.['QUERY PLAN'] as [{ Plan: PlanNode }];
      expect(unboundedScans(plan), query.sql).toEqual([]);
    }
  });
});

describe('the lock', () => {
  it('ends every live session, refuses new ones, changes nothing when repeated, and lifts', async () => {
    const { sessions, customers } = admin();
    const userId = await userIdOf('70000100');
    const first = await sessions.create(userId, sessionContext);
    const second = await sessions.create(userId, sessionContext);

    const locked = await customers.lockCustomer(database.db, userId, { by: 'operator-1', reason: 'stolen phone' });
    expect(locked.changed).toBe(true);
    expect(locked.before.lock).toBeNull();
    expect(locked.after.lock).toMatchObject({ by: 'operator-1', reason: 'stolen phone' });
    expect(await findLiveSessionIds(database.db, [first.sessionId, second.sessionId])).toEqual(new Set());
    await expect(sessions.create(userId, sessionContext)).rejects.toMatchObject({ key: 'accountSuspended' });

    const again = await customers.lockCustomer(database.db, userId, { by: 'operator-2', reason: 'again' });
    expect(again.changed).toBe(false);
    expect(again.after.lock).toMatchObject({ by: 'operator-1', reason: 'stolen phone' });

    const unlocked = await customers.unlockCustomer(database.db, userId);
    expect(unlocked).toMatchObject({ changed: true, after: { lock: null } });
    expect((await customers.unlockCustomer(database.db, userId)).changed).toBe(false);
    await expect(sessions.create(userId, sessionContext)).resolves.toMatchObject({ sessionId: expect.any(String) });
  });

  it('leaves no live session when a login races the lock', async () => {
    const { sessions, customers } = admin();
    for (let round = 0; round < 20; round += 1) {
      const userId = await userIdOf(`7000${String(200 + round).padStart(4, '0')}`);
      const created: string[] = [];
      await Promise.all([
        ...Array.from({ length: 3 }, () =>
          sessions.create(userId, sessionContext).then(
            (session) => created.push(session.sessionId),
            () => undefined,
          ),
        ),
        customers.lockCustomer(database.db, userId, { by: 'operator-1', reason: 'race' }),
      ]);
      expect(await findLiveSessionIds(database.db, created), `round ${round}`).toEqual(new Set());
    }
  });

  it('answers userNotFound for an account that does not exist', async () => {
    const { customers } = admin();
    await expect(customers.customerFacts('999999999')).rejects.toMatchObject({ key: 'userNotFound' });
    await expect(customers.lockCustomer(database.db, '999999999', { by: 'x', reason: 'y' })).rejects.toMatchObject({ key: 'userNotFound' });
  });
});
