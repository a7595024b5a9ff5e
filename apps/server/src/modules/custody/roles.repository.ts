import type { CustodyPermission } from '@coffer/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyRoleTable } from './custody.schema';

/** A role with how many members (in any state) hold it. Every function runs inside `inOrganisation`. */
export type RoleRow = Selectable<CustodyRoleTable> & { member_count: number };

const withMemberCount = (trx: Db) =>
  trx
    .selectFrom('custody_role as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('custody_member as m')
        .whereRef('m.role_id', '=', 'r.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('member_count'),
    );

export async function listRoles(trx: Db): Promise<RoleRow[]> {
  const rows = await withMemberCount(trx).orderBy('r.id').execute();
  return rows.map((row) => ({ ...row, member_count: row.member_count ?? 0 }));
}

export async function findRole(trx: Db, id: string): Promise<RoleRow | undefined> {
  const row = await withMemberCount(trx).where('r.id', '=', id).executeTakeFirst();
  return row && { ...row, member_count: row.member_count ?? 0 };
}

/** The role, its row locked until the transaction ends (an edit or a delete decided on it). */
export function lockRole(trx: Db, id: string) {
  return trx.selectFrom('custody_role').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface RoleFields {
  name: string;
  description: string;
  permissions: CustodyPermission[];
}

/**
 * A new custom role, unless its name is taken in the organisation (case-insensitively, the
 * unique index `custody_role_name` decides among racing inserts). Undefined when refused.
 */
export function insertRole(trx: Db, orgId: string, fields: RoleFields) {
  return trx
    .insertInto('custody_role')
    .values({ org_id: orgId, name: fields.name, description: fields.description, permissions: fields.permissions, built_in: null })
    .onConflict((conflict) => conflict.doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Changes a custom role; a name taken meanwhile fails with the unique index's 23505. */
export function updateRole(trx: Db, id: string, fields: RoleFields) {
  return trx
    .updateTable('custody_role')
    .set({ name: fields.name, description: fields.description, permissions: fields.permissions })
    .where('id', '=', id)
    .where('built_in', 'is', null)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Deletes a custom role that no member holds: one statement, and the members' foreign key
 * refuses the delete (23503) if a member was given the role by a transaction that committed
 * meanwhile. False when a member holds it.
 */
export async function deleteRoleWithoutMembers(trx: Db, id: string): Promise<boolean> {
  const deleted = await trx
    .deleteFrom('custody_role')
    .where('id', '=', id)
    .where('built_in', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('custody_member').select('id').where('role_id', '=', id))))
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}
