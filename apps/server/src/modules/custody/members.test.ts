import { createHash } from 'node:crypto';
import { custodyPaths } from '@coffer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { codeOf, invitationToken, roleIdOf, withId } from '../../../test/custody-members-kit';
import { custodyTestBed } from '../../../test/custody-setup-kit';
import { inOrganisation } from './tenant-transaction';

const custody = custodyTestBed();

/** The organisation's members and links as stored, for "changes nothing". */
const storedMembers = (org: TestOrganisation) =>
  inOrganisation(custody.db, org.orgId, async (trx) => ({
    members: await trx.selectFrom('custody_member').selectAll().orderBy('id').execute(),
    links: await trx.selectFrom('custody_member_activation').selectAll().orderBy('created_at').execute(),
  }));

const memberAudit = (memberId: string) =>
  custody.db
    .selectFrom('audit_log')
    .select(['action', 'actor_kind', 'actor_id'])
    .where('subject_kind', '=', 'custodyMember')
    .where('subject_id', '=', memberId)
    .orderBy('seq')
    .execute();

describe('adding a member', () => {
  it('adds an invited member, keeps only the hash of its link, and e-mails the link', async () => {
    const org = await custody.organisation({ tag: 'addmem' });
    const approver = await roleIdOf(org.admin.client, 'approver');
    const started = Date.now();
    const added = await org.admin.client.post(custodyPaths.members, {
      email: '  Grace.Hopper@Northwind.Example ',
      name: ' Grace Hopper ',
      phone: '+49 30 1234',
      department: 'Treasury',
      note: 'Signs withdrawals',
      salespersonEmail: 'Sales@Coffer.Test',
      roleId: approver,
    });
    expect(added.body).toMatchObject({
      code: 0,
      data: {
        member: {
          email: 'grace.hopper@northwind.example',
          name: 'Grace Hopper',
          phone: '+49301234',
          department: 'Treasury',
          note: 'Signs withdrawals',
          salespersonEmail: 'sales@coffer.test',
          roleId: approver,
          roleName: 'approver',
          state: 'invited',
          hasHardwareKey: false,
          activatedAt: null,
        },
      },
    });
    const expiresIn = Date.parse(added.body.data.activationExpiresAt) - started;
    expect(expiresIn).toBeGreaterThan(71.9 * 3600_000);
    expect(expiresIn).toBeLessThan(72.1 * 3600_000);

    const token = await invitationToken(custody.app, 'grace.hopper@northwind.example');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const { links } = await storedMembers(org);
    expect(links).toHaveLength(1);
    expect(links[0]!.token_hash.equals(createHash('sha256').update(token).digest())).toBe(true);
    const outbox = (await custody.app.inject({ url: '/dev/outbox?to=grace.hopper%40northwind.example&limit=1' })).json().data[0];
    expect(outbox.subject).toBe('Coffer: join Northwind Digital Assets in the custody console');
    expect(outbox.body).toContain(`/custody/activate?token=${token}`);
    expect(await memberAudit(added.body.data.member.id)).toEqual([
      { action: 'custody.member.add', actor_kind: 'customer', actor_id: org.admin.userId },
    ]);
    const listed = (await org.admin.client.get(custodyPaths.members)).body.data as Array<{ email: string; state: string }>;
    expect(listed.map((member) => [member.email, member.state])).toEqual([
      [org.admin.email, 'active'],
      ['grace.hopper@northwind.example', 'invited'],
    ]);
  });

  it('refuses each bad field with its own code and changes nothing', async () => {
    const org = await custody.organisation({ tag: 'badmem' });
    const other = await custody.organisation({ tag: 'badmemB', company: 'Other Co' });
    const approver = await roleIdOf(org.admin.client, 'approver');
    const foreignRole = await roleIdOf(other.admin.client, 'approver');
    expect(
      (await org.admin.client.post(custodyPaths.members, { email: 'taken@northwind.example', name: 'T', roleId: approver })).body.code,
    ).toBe(0);
    const before = await storedMembers(org);
    const refusals: Array<[object, Parameters<typeof codeOf>[0]]> = [
      [{ email: 'not-an-email' }, 'emailOrPhoneFormat'],
      [{ email: 'TAKEN@northwind.example' }, 'duplicateEmail'],
      [{ email: org.admin.email.toUpperCase() }, 'duplicateEmail'],
      [{ name: '  ' }, 'missingParameter'],
      [{ name: 'x'.repeat(51) }, 'invalidParameter'],
      [{ phone: '12ab' }, 'emailOrPhoneFormat'],
      [{ department: 'x'.repeat(51) }, 'invalidParameter'],
      [{ note: 'x'.repeat(151) }, 'custodyNoteTooLong'],
      [{ salespersonEmail: 'nobody' }, 'emailOrPhoneFormat'],
      [{ roleId: foreignRole }, 'noMatchingData'],
      [{ roleId: '999999999' }, 'noMatchingData'],
      [{ roleId: 'abc' }, 'invalidParameter'],
    ];
    for (const [override, key] of refusals) {
      const body = { email: 'fresh@northwind.example', name: 'Fresh', roleId: approver, ...override };
      expect((await org.admin.client.post(custodyPaths.members, body)).body.code, JSON.stringify(override)).toBe(codeOf(key));
    }
    expect(
      (await org.admin.client.post(custodyPaths.members, { email: 'a\u0000@northwind.example', name: 'N', roleId: approver })).body.code,
    ).not.toBe(0);
    expect(await storedMembers(org)).toEqual(before);
    // A note of exactly 150 characters is fine.
    expect(
      (
        await org.admin.client.post(custodyPaths.members, {
          email: 'fresh@northwind.example',
          name: 'F',
          note: 'x'.repeat(150),
          roleId: approver,
        })
      ).body.code,
    ).toBe(0);
  });

  it('keeps e-mails unique in the organisation when 100 adds race: exactly one wins', async () => {
    const org = await custody.organisation({ tag: 'racemem' });
    const approver = await roleIdOf(org.admin.client, 'approver');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        org.admin.client.post(custodyPaths.members, {
          email: index % 2 ? 'race@northwind.example' : 'RACE@northwind.example',
          name: `Racer ${index}`,
          roleId: approver,
        }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('duplicateEmail'))).toHaveLength(99);
    const { members, links } = await storedMembers(org);
    expect(members.filter((member) => member.email === 'race@northwind.example')).toHaveLength(1);
    expect(links).toHaveLength(1);
  });
});

describe('activation', () => {
  it('binds the customer with the same e-mail once; another account, a reused, expired, replaced or unknown link is refused', async () => {
    const org = await custody.organisation({ tag: 'activate' });
    const approver = await roleIdOf(org.admin.client, 'approver');
    const customer = await custody.customer('invitee');
    const stranger = await custody.customer('stranger');
    const added = (
      await org.admin.client.post(custodyPaths.members, { email: customer.email.toUpperCase(), name: 'Invitee', roleId: approver })
    ).body.data;
    const first = await invitationToken(custody.app, customer.email);

    expect((await customer.client.post(custodyPaths.activate, { token: 'x'.repeat(43) })).body.code).toBe(codeOf('activationLinkExpired'));
    expect((await stranger.client.post(custodyPaths.activate, { token: first })).body.code).toBe(codeOf('custodyActivationOtherAccount'));
    expect((await customer.client.get(custodyPaths.me)).body.code).toBe(codeOf('custodyNotEnabled'));

    // Sending the link again stops the first one.
    const resent = await org.admin.client.post(withId(custodyPaths.resendActivation, added.member.id));
    expect(resent.body).toMatchObject({ code: 0, data: { member: { id: added.member.id, state: 'invited' } } });
    const second = await invitationToken(custody.app, customer.email);
    expect(second).not.toBe(first);
    expect((await customer.client.post(custodyPaths.activate, { token: first })).body.code).toBe(codeOf('activationLinkExpired'));

    // An expired link is refused and changes nothing.
    await inOrganisation(custody.db, org.orgId, (trx) =>
      trx
        .updateTable('custody_member_activation')
        .set({ expires_at: sql`now() - interval '1 second'` })
        .where('member_id', '=', added.member.id)
        .execute(),
    );
    const before = await storedMembers(org);
    expect((await customer.client.post(custodyPaths.activate, { token: second })).body.code).toBe(codeOf('activationLinkExpired'));
    expect(await storedMembers(org)).toEqual(before);

    await org.admin.client.post(withId(custodyPaths.resendActivation, added.member.id));
    const third = await invitationToken(custody.app, customer.email);
    const activated = await customer.client.post(custodyPaths.activate, { token: third });
    expect(activated.body).toMatchObject({
      code: 0,
      data: {
        organisation: { id: org.orgId, name: 'Northwind Digital Assets' },
        member: { id: added.member.id, roleName: 'approver', builtInRole: 'approver' },
        permissions: ['review'],
        hardwareKeyMissing: false,
      },
    });
    expect((await customer.client.get(custodyPaths.me)).body.data).toEqual(activated.body.data);
    expect((await customer.client.post(custodyPaths.activate, { token: third })).body.code).toBe(codeOf('activationLinkExpired'));
    expect((await org.admin.client.post(withId(custodyPaths.resendActivation, added.member.id))).body.code).toBe(
      codeOf('custodyAlreadyMember'),
    );
    expect(await memberAudit(added.member.id)).toEqual([
      { action: 'custody.member.add', actor_kind: 'customer', actor_id: org.admin.userId },
      { action: 'custody.member.activate', actor_kind: 'customer', actor_id: customer.userId },
    ]);
  });

  it('refuses a customer who already belongs to an organisation', async () => {
    const first = await custody.organisation({ tag: 'already1', company: 'First Co' });
    const second = await custody.organisation({ tag: 'already2', company: 'Second Co' });
    const invited = await second.admin.client.post(custodyPaths.members, {
      email: first.admin.email,
      name: 'Moonlighter',
      roleId: await roleIdOf(second.admin.client, 'approver'),
    });
    expect(invited.body.code).toBe(0);
    const token = await invitationToken(custody.app, first.admin.email);
    expect((await first.admin.client.post(custodyPaths.activate, { token })).body.code).toBe(codeOf('custodyAlreadyMember'));
    const stored = await storedMembers(second);
    expect(stored.members.find((member) => member.id === invited.body.data.member.id)).toMatchObject({ state: 'invited', user_id: null });
    expect(stored.links.every((link) => link.used_at === null)).toBe(true);
  });

  it('activates once when 100 activations of one link race', async () => {
    const org = await custody.organisation({ tag: 'raceact' });
    const customer = await custody.customer('racer');
    await org.admin.client.post(custodyPaths.members, {
      email: customer.email,
      name: 'Racer',
      roleId: await roleIdOf(org.admin.client, 'approver'),
    });
    const token = await invitationToken(custody.app, customer.email);
    const answers = await Promise.all(Array.from({ length: 100 }, () => customer.client.post(custodyPaths.activate, { token })));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('activationLinkExpired'))).toHaveLength(99);
    const audit = await custody.db
      .selectFrom('audit_log')
      .select('seq')
      .where('action', '=', 'custody.member.activate')
      .where('actor_id', '=', customer.userId)
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('freezing, thawing and editing members', () => {
  it('freezes a member, whose next request fails, and thaws them; nobody freezes themselves', async () => {
    const org = await custody.organisation({ tag: 'freeze' });
    const member = await custody.member(org, await roleIdOf(org.admin.client, 'lineAdmin'));
    expect((await member.client.get(custodyPaths.overview)).body.code).toBe(0);
    const frozen = await org.admin.client.post(withId(custodyPaths.freezeMember, member.memberId));
    expect(frozen.body).toMatchObject({ code: 0, data: { id: member.memberId, state: 'frozen' } });
    expect((await member.client.get(custodyPaths.overview)).body.code).toBe(codeOf('custodyMemberFrozen'));
    expect((await member.client.get(custodyPaths.me)).body.code).toBe(codeOf('custodyMemberFrozen'));
    // Freezing again changes nothing and records nothing.
    expect((await org.admin.client.post(withId(custodyPaths.freezeMember, member.memberId))).body.data.state).toBe('frozen');
    const thawed = await org.admin.client.post(withId(custodyPaths.thawMember, member.memberId));
    expect(thawed.body).toMatchObject({ code: 0, data: { state: 'active' } });
    expect((await member.client.get(custodyPaths.overview)).body.code).toBe(0);

    const before = await storedMembers(org);
    const me = (await org.admin.client.get(custodyPaths.me)).body.data.member.id;
    expect((await org.admin.client.post(withId(custodyPaths.freezeMember, me))).body.code).toBe(codeOf('cannotDeleteSelf'));
    const invited = await org.admin.client.post(custodyPaths.members, {
      email: 'inv@northwind.example',
      name: 'Inv',
      roleId: await roleIdOf(org.admin.client, 'approver'),
    });
    const afterInvite = await storedMembers(org);
    expect((await org.admin.client.post(withId(custodyPaths.freezeMember, invited.body.data.member.id))).body.code).toBe(
      codeOf('invalidParameter'),
    );
    expect((await org.admin.client.post(withId(custodyPaths.thawMember, invited.body.data.member.id))).body.code).toBe(
      codeOf('invalidParameter'),
    );
    expect(await storedMembers(org)).toEqual(afterInvite);
    expect(afterInvite.members.slice(0, before.members.length)).toEqual(before.members);
    expect((await memberAudit(member.memberId)).map((row) => row.action)).toEqual([
      'custody.member.add',
      'custody.member.activate',
      'custody.member.freeze',
      'custody.member.thaw',
    ]);
  });

  it('keeps the last active enterprise admin: not frozen, not moved to another role', async () => {
    const org = await custody.organisation({ tag: 'lastadm' });
    const keeper = (await org.admin.client.post(custodyPaths.roles, { name: 'Personnel', permissions: ['members'] })).body.data;
    const hr = await custody.member(org, keeper.id);
    const admin = (await org.admin.client.get(custodyPaths.me)).body.data.member.id;
    const adminRole = await roleIdOf(org.admin.client, 'admin');
    const before = await storedMembers(org);
    expect((await hr.client.post(withId(custodyPaths.freezeMember, admin))).body.code).toBe(codeOf('cannotDeleteAdminGroup'));
    expect((await hr.client.post(withId(custodyPaths.member, admin), { name: 'Demoted', roleId: keeper.id })).body.code).toBe(
      codeOf('cannotDeleteAdminGroup'),
    );
    expect((await org.admin.client.post(withId(custodyPaths.member, admin), { name: 'Demoted', roleId: keeper.id })).body.code).toBe(
      codeOf('cannotDeleteAdminGroup'),
    );
    expect(await storedMembers(org)).toEqual(before);
    // Staying admin is an edit like any other.
    const renamed = await hr.client.post(withId(custodyPaths.member, admin), { name: 'Ada', department: 'Board', roleId: adminRole });
    expect(renamed.body).toMatchObject({ code: 0, data: { name: 'Ada', department: 'Board', roleName: 'admin', state: 'active' } });
    // With a second admin, the first may be moved away.
    const second = await custody.member(org, adminRole);
    expect((await second.client.post(withId(custodyPaths.member, admin), { name: 'Ada', roleId: keeper.id })).body).toMatchObject({
      code: 0,
      data: { roleName: 'Personnel' },
    });
    expect((await org.admin.client.get(custodyPaths.me)).body.data.permissions).toEqual(['members']);
    expect((await hr.client.post(withId(custodyPaths.freezeMember, second.memberId))).body.code).toBe(codeOf('cannotDeleteAdminGroup'));
  });

  it('leaves one active admin when two admins freeze each other at once', async () => {
    for (let round = 0; round < 3; round += 1) {
      const org = await custody.organisation({ tag: `mutual${round}` });
      const second = await custody.member(org, await roleIdOf(org.admin.client, 'admin'));
      const first = (await org.admin.client.get(custodyPaths.me)).body.data.member.id;
      const [a, b] = await Promise.all([
        org.admin.client.post(withId(custodyPaths.freezeMember, second.memberId)),
        second.client.post(withId(custodyPaths.freezeMember, first)),
      ]);
      // One freeze wins. The other is refused: as the last admin's freeze, or, when the winner
      // committed before the loser's request was checked, because its caller is frozen by then.
      const codes = [a.body.code, b.body.code];
      expect(codes.filter((code) => code === 0)).toHaveLength(1);
      expect([codeOf('cannotDeleteAdminGroup'), codeOf('custodyMemberFrozen')]).toContain(codes.find((code) => code !== 0));
      const { members } = await storedMembers(org);
      expect(members.filter((member) => member.state === 'active')).toHaveLength(1);
    }
  });

  it('edits a member and refuses bad fields with their codes, changing nothing', async () => {
    const org = await custody.organisation({ tag: 'editmem' });
    const member = await custody.member(org, await roleIdOf(org.admin.client, 'approver'));
    const salesperson = await roleIdOf(org.admin.client, 'salesperson');
    const edited = await org.admin.client.post(withId(custodyPaths.member, member.memberId), {
      name: 'Grace B. Hopper',
      phone: '+1 555 0100',
      department: 'Ops',
      note: 'Night shift',
      salespersonEmail: 'rep@coffer.test',
      roleId: salesperson,
    });
    expect(edited.body).toMatchObject({
      code: 0,
      data: {
        name: 'Grace B. Hopper',
        phone: '+15550100',
        note: 'Night shift',
        roleName: 'salesperson',
        email: member.email,
        state: 'active',
      },
    });
    expect((await member.client.get(custodyPaths.me)).body.data.permissions).toEqual(['assetReport']);
    const before = await storedMembers(org);
    const refusals: Array<[object, Parameters<typeof codeOf>[0]]> = [
      [{ name: '' }, 'missingParameter'],
      [{ note: 'x'.repeat(151) }, 'custodyNoteTooLong'],
      [{ phone: '+' }, 'emailOrPhoneFormat'],
      [{ salespersonEmail: 'rep@' }, 'emailOrPhoneFormat'],
      [{ department: 'x'.repeat(51) }, 'invalidParameter'],
      [{ roleId: '999999999' }, 'noMatchingData'],
    ];
    for (const [override, key] of refusals) {
      const body = { name: 'Changed', roleId: salesperson, ...override };
      expect((await org.admin.client.post(withId(custodyPaths.member, member.memberId), body)).body.code, JSON.stringify(override)).toBe(
        codeOf(key),
      );
    }
    expect(await storedMembers(org)).toEqual(before);
    expect((await memberAudit(member.memberId)).map((row) => row.action)).toContain('custody.member.edit');
  });

  it("does not let a member of one organisation read or change another's members", async () => {
    const first = await custody.organisation({ tag: 'memA', company: 'First Co' });
    const second = await custody.organisation({ tag: 'memB', company: 'Second Co' });
    const member = await custody.member(first, await roleIdOf(first.admin.client, 'approver'));
    const invited = (
      await first.admin.client.post(custodyPaths.members, {
        email: 'pending@northwind.example',
        name: 'Pending',
        roleId: await roleIdOf(first.admin.client, 'approver'),
      })
    ).body.data.member.id as string;
    const firstAdmin = (await first.admin.client.get(custodyPaths.me)).body.data.member.id as string;
    const before = await storedMembers(first);
    const theirs = (await second.admin.client.get(custodyPaths.members)).body.data as Array<{ id: string }>;
    expect(theirs.map((row) => row.id).some((id) => [member.memberId, invited, firstAdmin].includes(id))).toBe(false);
    const secondRole = await roleIdOf(second.admin.client, 'approver');
    for (const id of [member.memberId, invited, firstAdmin]) {
      const attempts = [
        second.admin.client.post(withId(custodyPaths.member, id), { name: 'Mine now', roleId: secondRole }),
        second.admin.client.post(withId(custodyPaths.freezeMember, id)),
        second.admin.client.post(withId(custodyPaths.thawMember, id)),
        second.admin.client.post(withId(custodyPaths.resendActivation, id)),
      ];
      for (const attempt of await Promise.all(attempts)) expect(attempt.body.code).toBe(codeOf('noMatchingData'));
    }
    expect(await storedMembers(first)).toEqual(before);
    const overview = (await second.admin.client.get(custodyPaths.overview)).body.data;
    expect(overview.organisation.name).toBe('Second Co');
  });
});

describe('overview', () => {
  it('shows the organisation, lines, members by role and state, accounts and what is pending', async () => {
    const org = await custody.organisation({ tag: 'overview' });
    const approver = await roleIdOf(org.admin.client, 'approver');
    const member = await custody.member(org, approver);
    await org.admin.client.post(custodyPaths.members, { email: 'later@northwind.example', name: 'Later', roleId: approver });
    const empty = (await member.client.get(custodyPaths.overview)).body;
    expect(empty).toMatchObject({
      code: 0,
      data: {
        organisation: { id: org.orgId, name: 'Northwind Digital Assets', country: 'DE', industry: 'fund' },
        lines: [],
        accounts: [],
        pending: { invitations: 1, hardwareKeysMissing: 0 },
      },
    });
    expect(empty.data.membersByRole.map((row: { roleName: string; active: number; invited: number; frozen: number }) => row)).toEqual([
      expect.objectContaining({ roleName: 'admin', active: 1, invited: 0, frozen: 0 }),
      expect.objectContaining({ roleName: 'lineAdmin', active: 0, invited: 0, frozen: 0 }),
      expect.objectContaining({ roleName: 'salesperson', active: 0, invited: 0, frozen: 0 }),
      expect.objectContaining({ roleName: 'approver', active: 1, invited: 1, frozen: 0 }),
    ]);

    await inOrganisation(custody.db, org.orgId, async (trx) => {
      await trx.updateTable('custody_org').set({ require_hardware_key: true }).execute();
      await trx.insertInto('custody_account').values({ org_id: org.orgId, name: 'Cold one', kind: 'cold', tier: 'prime' }).execute();
    });
    await org.admin.client.post(withId(custodyPaths.freezeMember, member.memberId));
    const later = (await org.admin.client.get(custodyPaths.overview)).body.data;
    expect(later.accounts).toEqual([expect.objectContaining({ name: 'Cold one', kind: 'cold', tier: 'prime', addressCount: 0 })]);
    // Only the admin is active now, and has no passkey.
    expect(later.pending).toEqual({ invitations: 1, hardwareKeysMissing: 1 });
    expect(later.membersByRole[3]).toMatchObject({ roleName: 'approver', active: 0, invited: 1, frozen: 1 });
  });
});
