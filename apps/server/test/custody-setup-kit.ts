import { randomBytes } from 'node:crypto';
import type { CustodyBuiltInRole, CustodyMemberBody, CustodyMemberState } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../src/platform/db/database';
import { inOrganisation } from '../src/modules/custody';
import { buildTestApp } from './app';
import { custodyCustomer, enabledOrganisation, type TestOrganisation } from './custody-kit';
import { activeMember } from './custody-members-kit';
import { createTestDatabase, type TestDatabase } from './database';
import { signInOperator, type TestOperator } from './operator-kit';

/**
 * The set-up every custody test file shares, registered as the file's `beforeAll`/`afterAll`:
 * a fresh migrated database and the real app over it, torn down after the file. One operator
 * with `custody.review` (a support operator) is signed in on first need and enables every
 * organisation of the file. Call at the top level of a test file; read its members inside tests
 * (or a later `beforeAll`). `appOptions` builds the app's options over the fresh database (chains, env).
 */
export function custodyTestBed(options: { appOptions?: (db: Db) => Promise<Parameters<typeof buildTestApp>[1]> } = {}) {
  let database: TestDatabase | undefined;
  let app: FastifyInstance | undefined;
  let operator: Promise<TestOperator> | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database.db, options.appOptions ? await options.appOptions(database.db) : {});
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  function ready(): { app: FastifyInstance; db: Db } {
    if (!database || !app) throw new Error('custodyTestBed: read before its beforeAll ran');
    return { app, db: database.db };
  }

  function signedInOperator(): Promise<TestOperator> {
    const { app, db } = ready();
    operator ??= signInOperator(app, db, { role: 'support' });
    return operator;
  }

  return {
    get app(): FastifyInstance {
      return ready().app;
    },
    get db(): Db {
      return ready().db;
    },
    /** The file's operator with `custody.review`, signed in once. */
    operator: signedInOperator,
    /** An enabled organisation with its enterprise admin signed in (see `enabledOrganisation`). */
    async organisation(options: { tag?: string; company?: string } = {}): Promise<TestOrganisation> {
      const { app, db } = ready();
      return enabledOrganisation(app, db, { ...options, operator: await signedInOperator() });
    },
    /** A signed-in enterprise (or personal) customer (see `custodyCustomer`). */
    customer(tag: string, kind: 'personal' | 'enterprise' = 'enterprise') {
      const { app, db } = ready();
      return custodyCustomer(app, db, tag, kind);
    },
    /** An active member of `org` with role `roleId`, added and activated through the API (see `activeMember`). */
    member(org: TestOrganisation, roleId: string, overrides: Partial<CustodyMemberBody> = {}) {
      const { app, db } = ready();
      return activeMember(app, db, org, roleId, overrides);
    },
    /** A signed-in customer written in as an active member of `orgId` with a built-in role (see `insertConsoleMember`). */
    async consoleMember(orgId: string, tag: string, role: CustodyBuiltInRole = 'approver') {
      const { app, db } = ready();
      const customer = await custodyCustomer(app, db, tag);
      const memberId = await insertConsoleMember(db, orgId, { state: 'active', role, userId: customer.userId });
      return { client: customer.client, email: customer.email, userId: customer.userId, memberId };
    },
  };
}

export type CustodyTestBed = ReturnType<typeof custodyTestBed>;

/**
 * A member of the organisation written straight into its tables (the members API is its own
 * issue): invited unless told, with a built-in role; `userId` binds an active or frozen one.
 */
export async function insertConsoleMember(
  db: Db,
  orgId: string,
  options: { state?: CustodyMemberState; role?: CustodyBuiltInRole; userId?: string } = {},
): Promise<string> {
  const state = options.state ?? 'invited';
  return inOrganisation(db, orgId, async (trx) => {
    const role = await trx
      .selectFrom('custody_role')
      .select('id')
      .where('built_in', '=', options.role ?? 'approver')
      .executeTakeFirstOrThrow();
    const member = await trx
      .insertInto('custody_member')
      .values({
        org_id: orgId,
        user_id: state === 'invited' ? null : (options.userId ?? null),
        email: `m${randomBytes(5).toString('hex')}@coffer.test`,
        name: 'Reviewer',
        role_id: role.id,
        state,
        activated_at: state === 'invited' ? null : new Date(),
        frozen_at: state === 'frozen' ? new Date() : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return member.id;
  });
}

/** How many rows of a console table the organisation has (read fenced to it, as the console reads). */
export async function countTenantRows(db: Db, orgId: string, table: string): Promise<number> {
  const row = await inOrganisation(db, orgId, (trx) =>
    sql<{ count: string }>`select count(*)::text as count from ${sql.table(table)}`.execute(trx),
  );
  return Number(row.rows[0]!.count);
}

/** The audit actions recorded for one subject kind by one customer, oldest first. */
export async function auditActions(db: Db, userId: string, subjectKind: string): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select('action')
    .where('actor_kind', '=', 'customer')
    .where('actor_id', '=', userId)
    .where('subject_kind', '=', subjectKind)
    .orderBy('seq')
    .execute();
  return rows.map((row) => row.action);
}
