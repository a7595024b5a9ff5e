import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** The console home's reads; every function runs inside `inOrganisation`. */
export function findOrganisation(trx: Db) {
  return trx
    .selectFrom('custody_org')
    .select(['id', 'name', 'country', 'industry', 'require_hardware_key', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The business lines with how many reviewers each has. */
export function linesWithReviewerCounts(trx: Db) {
  return trx
    .selectFrom('custody_line as l')
    .select(['l.id', 'l.name', 'l.min_reviewers'])
    .select((eb) =>
      eb
        .selectFrom('custody_line_reviewer as v')
        .whereRef('v.line_id', '=', 'l.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('reviewer_count'),
    )
    .orderBy('l.id')
    .execute();
}

export function listAccounts(trx: Db) {
  return trx.selectFrom('custody_account').selectAll().orderBy('id').execute();
}

/** Counts of members per role and state, every role listed (zeros included). */
export async function membersByRole(trx: Db) {
  const rows = await trx
    .selectFrom('custody_role as r')
    .leftJoin('custody_member as m', (join) => join.onRef('m.role_id', '=', 'r.id').onRef('m.org_id', '=', 'r.org_id'))
    .select([
      'r.id',
      'r.name',
      sql<number>`count(*) filter (where m.state = 'active')::int`.as('active'),
      sql<number>`count(*) filter (where m.state = 'invited')::int`.as('invited'),
      sql<number>`count(*) filter (where m.state = 'frozen')::int`.as('frozen'),
    ])
    .groupBy(['r.id', 'r.name'])
    .orderBy('r.id')
    .execute();
  return rows;
}

/** The user ids of the active members (whose hardware keys the overview counts). */
export async function activeMemberUserIds(trx: Db): Promise<string[]> {
  const rows = await trx.selectFrom('custody_member').select('user_id').where('state', '=', 'active').execute();
  return rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
}

/** Members still invited (their activation link not used yet). */
export async function countInvited(trx: Db): Promise<number> {
  const row = await trx
    .selectFrom('custody_member')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('state', '=', 'invited')
    .executeTakeFirstOrThrow();
  return row.n;
}
