import { custodyConsoleEndpoints, custodyPaths } from '@coffer/contract';
import { describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { codeOf, roleIdOf, withId } from '../../../test/custody-members-kit';
import { custodyTestBed } from '../../../test/custody-setup-kit';
import { inOrganisation } from './tenant-transaction';

const custody = custodyTestBed();

/** The organisation's roles as stored, for "changes nothing". */
const storedRoles = (org: TestOrganisation) =>
  inOrganisation(custody.db, org.orgId, (trx) =>
    trx.selectFrom('custody_role').select(['id', 'name', 'description', 'permissions', 'built_in']).orderBy('id').execute(),
  );

const auditActions = (subjectId: string) =>
  custody.db
    .selectFrom('audit_log')
    .select(['action', 'actor_kind', 'actor_id'])
    .where('subject_kind', '=', 'custodyRole')
    .where('subject_id', '=', subjectId)
    .orderBy('seq')
    .execute();

describe('custody roles', () => {
  it('lists the four built-in roles by their keys with member counts; they cannot be edited or deleted', async () => {
    const org = await custody.organisation({ tag: 'builtin' });
    const roles = (await org.admin.client.get(custodyPaths.roles)).body;
    expect(roles.code).toBe(0);
    expect(roles.data.map((role: { name: string; builtInRole: string }) => [role.name, role.builtInRole])).toEqual([
      ['admin', 'admin'],
      ['lineAdmin', 'lineAdmin'],
      ['salesperson', 'salesperson'],
      ['approver', 'approver'],
    ]);
    expect(roles.data[0]).toMatchObject({ memberCount: 1 });
    const before = await storedRoles(org);
    const body = { name: 'Renamed', description: '', permissions: ['review'] };
    for (const role of roles.data as Array<{ id: string; builtInRole: string }>) {
      expect((await org.admin.client.post(withId(custodyPaths.role, role.id), body)).body.code).toBe(codeOf('noPermission'));
      expect((await org.admin.client.post(withId(custodyPaths.deleteRole, role.id))).body.code).toBe(
        codeOf(role.builtInRole === 'admin' ? 'cannotDeleteAdminGroup' : 'noPermission'),
      );
    }
    expect(await storedRoles(org)).toEqual(before);
  });

  it('adds, edits and deletes a custom role, each in the audit log under the member', async () => {
    const org = await custody.organisation({ tag: 'custom' });
    const added = await org.admin.client.post(custodyPaths.roles, {
      name: '  Treasury  ',
      description: 'Moves money',
      permissions: ['orders', 'review', 'review'],
    });
    expect(added.body).toMatchObject({
      code: 0,
      data: { name: 'Treasury', description: 'Moves money', builtInRole: null, permissions: ['orders', 'review'], memberCount: 0 },
    });
    const id = added.body.data.id as string;
    const edited = await org.admin.client.post(withId(custodyPaths.role, id), {
      name: 'Treasury desk',
      description: '',
      permissions: ['assetReport'],
    });
    expect(edited.body).toMatchObject({ code: 0, data: { id, name: 'Treasury desk', permissions: ['assetReport'] } });
    // A member's permissions are its role's as they are now.
    const member = await custody.member(org, id);
    expect((await member.client.get(custodyPaths.me)).body.data.permissions).toEqual(['assetReport']);
    expect((await member.client.get(custodyPaths.roles)).body.code).toBe(codeOf('noPermission'));
    await org.admin.client.post(withId(custodyPaths.role, id), { name: 'Treasury desk', permissions: ['members'] });
    expect((await member.client.get(custodyPaths.roles)).body.code).toBe(0);

    // A role with members is not deleted.
    expect((await org.admin.client.post(withId(custodyPaths.deleteRole, id))).body.code).toBe(codeOf('custodyRoleInUse'));
    expect((await storedRoles(org)).some((role) => role.id === id)).toBe(true);
    const spare = (await org.admin.client.post(custodyPaths.roles, { name: 'Spare', permissions: ['review'] })).body.data;
    expect((await org.admin.client.post(withId(custodyPaths.deleteRole, spare.id))).body).toMatchObject({ code: 0, data: {} });
    expect((await storedRoles(org)).some((role) => role.id === spare.id)).toBe(false);
    expect((await org.admin.client.post(withId(custodyPaths.deleteRole, spare.id))).body.code).toBe(codeOf('noMatchingData'));

    expect(await auditActions(id)).toEqual([
      { action: 'custody.role.add', actor_kind: 'customer', actor_id: org.admin.userId },
      { action: 'custody.role.edit', actor_kind: 'customer', actor_id: org.admin.userId },
      { action: 'custody.role.edit', actor_kind: 'customer', actor_id: org.admin.userId },
    ]);
    expect((await auditActions(spare.id)).map((row) => row.action)).toEqual(['custody.role.add', 'custody.role.delete']);
  });

  it('refuses each bad role with its own code and changes nothing', async () => {
    const org = await custody.organisation({ tag: 'badrole' });
    const taken = (await org.admin.client.post(custodyPaths.roles, { name: 'Auditors', permissions: ['assetReport'] })).body.data;
    const other = (await org.admin.client.post(custodyPaths.roles, { name: 'Others', permissions: ['review'] })).body.data;
    const before = await storedRoles(org);
    const refusals: Array<[object, Parameters<typeof codeOf>[0]]> = [
      [{ name: '   ' }, 'roleNameInvalid'],
      [{ name: 'x'.repeat(31) }, 'roleNameInvalid'],
      [{ name: ' AUDITORS ' }, 'roleNameInvalid'],
      [{ name: 'Admin' }, 'roleNameInvalid'],
      [{ name: 'Two\nlines' }, 'roleNameInvalid'],
      [{ description: 'x'.repeat(201) }, 'invalidParameter'],
      [{ permissions: ['lines'] }, 'invalidParameter'],
      [{ permissions: ['settings'] }, 'invalidParameter'],
      [{ permissions: [] }, 'invalidParameter'],
    ];
    for (const [override, key] of refusals) {
      const body = { name: 'Fresh', description: '', permissions: ['review'], ...override };
      expect((await org.admin.client.post(custodyPaths.roles, body)).body.code, JSON.stringify(override)).toBe(codeOf(key));
      expect((await org.admin.client.post(withId(custodyPaths.role, other.id), body)).body.code, JSON.stringify(override)).toBe(
        codeOf(key),
      );
    }
    expect(
      (await org.admin.client.post(withId(custodyPaths.role, other.id), { name: 'auditors', permissions: ['review'] })).body.code,
    ).toBe(codeOf('roleNameInvalid'));
    expect(
      (await org.admin.client.post(withId(custodyPaths.role, '999999999'), { name: 'Ghost', permissions: ['review'] })).body.code,
    ).toBe(codeOf('noMatchingData'));
    expect(await storedRoles(org)).toEqual(before);
    // Renaming a role to its own name in another case is not a clash with itself.
    expect(
      (await org.admin.client.post(withId(custodyPaths.role, taken.id), { name: 'AUDITORS', permissions: ['assetReport'] })).body.code,
    ).toBe(0);
  });

  it('keeps role names unique when 100 identical adds race: exactly one wins', async () => {
    const org = await custody.organisation({ tag: 'racerole' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        org.admin.client.post(custodyPaths.roles, { name: index % 2 ? 'Desk' : 'DESK', permissions: ['review'] }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('roleNameInvalid'))).toHaveLength(99);
    expect((await storedRoles(org)).filter((role) => role.name.toLowerCase() === 'desk')).toHaveLength(1);
  });

  it("does not let a member of one organisation read or change another's roles", async () => {
    const first = await custody.organisation({ tag: 'rolesA', company: 'First Co' });
    const second = await custody.organisation({ tag: 'rolesB', company: 'Second Co' });
    const custom = (await first.admin.client.post(custodyPaths.roles, { name: 'Private', permissions: ['review'] })).body.data;
    const approver = await roleIdOf(first.admin.client, 'approver');
    const before = await storedRoles(first);
    const theirs = (await second.admin.client.get(custodyPaths.roles)).body.data as Array<{ id: string }>;
    expect(theirs.some((role) => role.id === custom.id || role.id === approver)).toBe(false);
    for (const id of [custom.id, approver]) {
      expect(
        (await second.admin.client.post(withId(custodyPaths.role, id), { name: 'Taken over', permissions: ['review'] })).body.code,
      ).toBe(codeOf('noMatchingData'));
      expect((await second.admin.client.post(withId(custodyPaths.deleteRole, id))).body.code).toBe(codeOf('noMatchingData'));
    }
    // Nor give their member a role of the first organisation.
    expect(
      (await second.admin.client.post(custodyPaths.members, { email: 'x@northwind.example', name: 'X', roleId: custom.id })).body.code,
    ).toBe(codeOf('noMatchingData'));
    expect(await storedRoles(first)).toEqual(before);
    expect(custodyConsoleEndpoints.roles.consolePermission).toBe('members');
  });
});
