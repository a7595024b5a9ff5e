import {
  checkRoleName,
  custodyAssignablePermissions,
  custodyLimits,
  type CustodyPermission,
  type CustodyRole,
  type CustodyRoleBody,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { ConsoleCaller } from './console-guard';
import { recordConsoleAction } from './console-audit';
import { oneLineText, sqlStateOf } from './console-input';
import { custodyError } from './custody.errors';
import {
  deleteRoleWithoutMembers,
  findRole,
  insertRole,
  listRoles,
  lockRole,
  updateRole,
  type RoleFields,
  type RoleRow,
} from './roles.repository';
import { inOrganisation } from './tenant-transaction';

export interface RolesDeps {
  db: Db;
  audit: Pick<AuditApi, 'record'>;
}

/** A role as the console shows it; a built-in role's name is its key (the web translates it). */
export function roleView(row: Omit<RoleRow, 'member_count'> & { member_count?: number }): CustodyRole {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    builtInRole: row.built_in,
    permissions: row.permissions,
    memberCount: row.member_count ?? 0,
    createdAt: row.created_at.toISOString(),
  };
}

const assignable = new Set<string>(custodyAssignablePermissions);

/** A custom role's fields by the §5 rules: name not blank, at most 30, one line; description ≤ 200; assignable permissions. */
function checkedRole(body: CustodyRoleBody): RoleFields {
  const name = body.name.trim();
  if (checkRoleName(name) || /[\t\r\n]/.test(name)) throw custodyError('roleNameInvalid', {}, 'name');
  const description = (body.description ?? '').trim();
  if ([...description].length > custodyLimits.roleDescriptionMaxChars) throw custodyError('invalidParameter', {}, 'description');
  const permissions = [...new Set(body.permissions)];
  if (permissions.length === 0) throw custodyError('missingParameter', {}, 'permissions');
  if (!permissions.every((permission) => assignable.has(permission))) throw custodyError('invalidParameter', {}, 'permissions');
  return {
    name: oneLineText(name, 'name', custodyLimits.roleNameMaxChars, true),
    description,
    permissions: permissions as CustodyPermission[],
  };
}

/**
 * Role management (spec §6, issue 17 item 4): the four built-in roles are listed but never
 * change; custom roles have a name unique in the organisation (case-insensitively, held by a
 * unique index), a description and assignable permissions, and are deleted only without
 * members. Editing a built-in role answers noPermission; deleting the admin role
 * cannotDeleteAdminGroup, another built-in role noPermission.
 */
export function createRolesService(deps: RolesDeps) {
  const { db, audit } = deps;

  return {
    async list(caller: ConsoleCaller): Promise<CustodyRole[]> {
      return (await inOrganisation(db, caller.orgId, listRoles)).map(roleView);
    },

    async add(caller: ConsoleCaller, body: CustodyRoleBody): Promise<CustodyRole> {
      const fields = checkedRole(body);
      return inOrganisation(db, caller.orgId, async (trx) => {
        const row = await insertRole(trx, caller.orgId, fields);
        if (!row) throw custodyError('roleNameInvalid', {}, 'name');
        const view = roleView(row);
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.role.add',
          subject: { kind: 'custodyRole', id: row.id },
          after: view,
        });
        return view;
      });
    },

    async edit(caller: ConsoleCaller, id: string, body: CustodyRoleBody): Promise<CustodyRole> {
      const fields = checkedRole(body);
      return inOrganisation(db, caller.orgId, async (trx) => {
        const before = await lockRole(trx, id);
        if (!before) throw custodyError('noMatchingData');
        if (before.built_in) throw custodyError('noPermission');
        const row = await updateRole(trx, id, fields).catch((error: unknown) => {
          if (sqlStateOf(error) === '23505') throw custodyError('roleNameInvalid', {}, 'name');
          throw error;
        });
        const after = await findRole(trx, row.id);
        const view = roleView(after!);
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.role.edit',
          subject: { kind: 'custodyRole', id },
          before: roleView(before),
          after: view,
        });
        return view;
      });
    },

    async delete(caller: ConsoleCaller, id: string): Promise<Record<string, never>> {
      return inOrganisation(db, caller.orgId, async (trx) => {
        const before = await lockRole(trx, id);
        if (!before) throw custodyError('noMatchingData');
        if (before.built_in === 'admin') throw custodyError('cannotDeleteAdminGroup');
        if (before.built_in) throw custodyError('noPermission');
        const deleted = await deleteRoleWithoutMembers(trx, id).catch((error: unknown) => {
          if (sqlStateOf(error) === '23503') throw custodyError('custodyRoleInUse');
          throw error;
        });
        if (!deleted) throw custodyError('custodyRoleInUse');
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.role.delete',
          subject: { kind: 'custodyRole', id },
          before: roleView(before),
        });
        return {};
      });
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
