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
 * The active enterprise admins, their rows locked (in id order) until the transaction ends.
 * Whoever may take the last admin away (freezing one, moving one to another role) locks them
 * first: a second such transaction waits, then sees the first one's change (READ COMMITTED
 * re-checks a locked row's state and role), so two admins freezing each other at once leave
 * one active.
 */
export async function lockActiveAdmins(trx: Db): Promise<string[]> {
  const rows = await trx
    .selectFrom('custody_member as m')
    .innerJoin('custody_role as r', (join) => join.onRef('r.id', '=', 'm.role_id').onRef('r.org_id', '=', 'm.org_id'))
    .select('m.id')
    .where('r.built_in', '=', 'admin')
    .where('m.state', '=', 'active')
    .orderBy('m.id')
    .forUpdate('m')
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
