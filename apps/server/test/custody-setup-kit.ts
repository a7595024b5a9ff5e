import { randomBytes } from 'node:crypto';
import type { CustodyBuiltInRole, CustodyMemberState } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../src/platform/db/database';
import { inOrganisation } from '../src/modules/custody';

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
