import type { CustodyBuiltInRole } from '@coffer/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyMemberTable } from './custody.schema';

/** A member with its role's name and built-in key. Every function runs inside `inOrganisation`. */
export type MemberRow = Selectable<CustodyMemberTable> & { role_name: string; role_built_in: CustodyBuiltInRole | null };

const withRole = (trx: Db) =>
  trx
    .selectFrom('custody_member as m')
    .innerJoin('custody_role as r', (join) => join.onRef('r.id', '=', 'm.role_id').onRef('r.org_id', '=', 'm.org_id'))
    .selectAll('m')
    .select(['r.name as role_name', 'r.built_in as role_built_in']);

export function listMembers(trx: Db): Promise<MemberRow[]> {
  return withRole(trx).orderBy('m.id').execute();
}

export function findMember(trx: Db, id: string): Promise<MemberRow | undefined> {
  return withRole(trx).where('m.id', '=', id).executeTakeFirst();
}

/** The member, its row locked until the transaction ends. */
export function lockMember(trx: Db, id: string): Promise<MemberRow | undefined> {
  return withRole(trx).where('m.id', '=', id).forUpdate('m').executeTakeFirst();
}

export function findRoleOf(trx: Db, roleId: string) {
  return trx.selectFrom('custody_role').select(['id', 'built_in']).where('id', '=', roleId).executeTakeFirst();
}

/**
 * The active enterprise admins, read once the organisation's admin set is locked: the
 * organisation's row, `FOR NO KEY UPDATE` (inserts referencing it still go ahead), held until
 * the transaction ends. Whoever may take an admin away (freezing one, moving one to another
 * role) takes this lock first, so such changes in one organisation are decided one after the
 * other, each reading the admins as the one before left them (the read is a new statement, so
 * under READ COMMITTED it sees every change committed before the lock was granted).
 *
 * The admins' own rows are not locked: locking them in id order while a stale snapshot still
 * names an admin who was moved away meanwhile (a row that fails the re-check stays locked)
 * crossed the target's lock of another transaction and deadlocked under 100 parallel requests.
 */
export async function lockAdminSet(trx: Db, orgId: string): Promise<string[]> {
  await trx.selectFrom('custody_org').select('id').where('id', '=', orgId).forNoKeyUpdate().executeTakeFirstOrThrow();
  const rows = await trx
    .selectFrom('custody_member as m')
    .innerJoin('custody_role as r', (join) => join.onRef('r.id', '=', 'm.role_id').onRef('r.org_id', '=', 'm.org_id'))
    .select('m.id')
    .where('r.built_in', '=', 'admin')
    .where('m.state', '=', 'active')
    .orderBy('m.id')
    .execute();
  return rows.map((row) => row.id);
}

export interface MemberFields {
  name: string;
  phone: string;
  department: string;
  note: string;
  salespersonEmail: string;
  roleId: string;
}

/**
 * A new invited member, unless the e-mail is already in the organisation (case-insensitively,
 * the unique index `custody_member_email` decides among racing inserts). Undefined when refused.
 */
export async function insertMember(trx: Db, orgId: string, email: string, fields: MemberFields): Promise<string | undefined> {
  const row = await trx
    .insertInto('custody_member')
    .values({
      org_id: orgId,
      email,
      name: fields.name,
      phone: fields.phone,
      department: fields.department,
      note: fields.note,
      salesperson_email: fields.salespersonEmail,
      role_id: fields.roleId,
      state: 'invited',
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function updateMember(trx: Db, id: string, fields: MemberFields): Promise<void> {
  await trx
    .updateTable('custody_member')
    .set({
      name: fields.name,
      phone: fields.phone,
      department: fields.department,
      note: fields.note,
      salesperson_email: fields.salespersonEmail,
      role_id: fields.roleId,
    })
    .where('id', '=', id)
    .execute();
}

/** Freezes an active member or thaws a frozen one; false when it was not in the `from` state. */
export async function setMemberState(trx: Db, id: string, from: 'active' | 'frozen'): Promise<boolean> {
  const row = await trx
    .updateTable('custody_member')
    .set(from === 'active' ? { state: 'frozen', frozen_at: sql`now()` } : { state: 'active', frozen_at: null })
    .where('id', '=', id)
    .where('state', '=', from)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
