import { createHash } from 'node:crypto';
import { custodyPaths } from '@coffer/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { codeOf, roleIdOf, withId } from '../../../test/custody-members-kit';
import { custodyTestBed } from '../../../test/custody-setup-kit';
import type { identityClient } from '../../../test/identity-helpers';
import { spendActivation } from './activation.repository';
import { inOrganisation } from './tenant-transaction';

/**
 * The members' once-only rules under 100 parallel requests (issue 17): the organisation keeps
 * an active enterprise admin however its admins freeze and demote each other at once, and of
 * any number of activation links sent for one member only the newest works, also while it is
 * being used.
 */

type Client = ReturnType<typeof identityClient>;

const custody = custodyTestBed();

interface Admin {
  client: Client;
  memberId: string;
}

/** An organisation with `count` active enterprise admins, each signed in. */
async function organisationWithAdmins(tag: string, count: number): Promise<{ org: TestOrganisation; admins: Admin[] }> {
  const org = await custody.organisation({ tag });
  const adminRole = await roleIdOf(org.admin.client, 'admin');
  const admins: Admin[] = [{ client: org.admin.client, memberId: (await org.admin.client.get(custodyPaths.me)).body.data.member.id }];
  for (let index = 1; index < count; index += 1) {
    const member = await custody.member(org, adminRole, { name: `Admin ${index}` });
    admins.push({ client: member.client, memberId: member.memberId });
  }
  return { org, admins };
}

/** The members as stored, with their role's built-in key. */
const storedMembers = (org: TestOrganisation) =>
  inOrganisation(custody.db, org.orgId, (trx) =>
    trx
      .selectFrom('custody_member as m')
      .innerJoin('custody_role as r', 'r.id', 'm.role_id')
      .select(['m.id', 'm.state', 'm.user_id', 'r.built_in'])
      .orderBy('m.id')
      .execute(),
  );

/** The member's links as stored, each with whether it would still be accepted now. */
const storedLinks = (org: TestOrganisation, memberId: string) =>
  inOrganisation(custody.db, org.orgId, (trx) =>
    trx
      .selectFrom('custody_member_activation')
      .select(['token_hash', 'used_at', 'created_at', 'expires_at'])
      .select(sql<boolean>`used_at is null and expires_at > now()`.as('usable'))
      .where('member_id', '=', memberId)
      .execute(),
  );

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** Every activation token e-mailed to `email`, newest first. */
async function tokensSentTo(email: string): Promise<string[]> {
  const response = await custody.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(email)}&limit=200` });
  return (response.json().data as Array<{ body: string }>).flatMap((message) => {
    const token = /\/custody\/activate\?token=([A-Za-z0-9_-]+)/.exec(message.body)?.[1];
    return token ? [token] : [];
  });
}

/** An invited member of `org` (a fresh customer with that e-mail), as the admin added them. */
async function invitedMember(org: TestOrganisation) {
  const customer = await custody.customer('invitee');
  const added = await org.admin.client.post(custodyPaths.members, {
    email: customer.email,
    name: 'Invitee',
    roleId: await roleIdOf(org.admin.client, 'approver'),
  });
  expect(added.body.code).toBe(0);
  return { customer, memberId: added.body.data.member.id as string };
}

describe('the last enterprise admin under 100 parallel requests', () => {
  it('survives five admins freezing each other and moving each other to another role at once', async () => {
    const { org, admins } = await organisationWithAdmins('lastrace', 5);
    const approver = await roleIdOf(org.admin.client, 'approver');
    const requests = Array.from({ length: 100 }, (_, index) => {
      const caller = admins[index % 5]!;
      // Every tenth request aims at the caller itself; the others at each of the other admins in turn.
      const self = index % 10 === 0;
      const target = self ? caller : admins[(index + 1 + (Math.floor(index / 5) % 4)) % 5]!;
      const freeze = self || index % 2 === 0;
      return {
        self,
        answer: freeze
          ? caller.client.post(withId(custodyPaths.freezeMember, target.memberId))
          : caller.client.post(withId(custodyPaths.member, target.memberId), { name: 'Moved away', roleId: approver }),
      };
    });
    const answers = await Promise.all(requests.map(async (request) => ({ self: request.self, ...(await request.answer) })));

    // Refusals are the stable codes: the last admin, oneself, or a caller already frozen or moved away.
    const stable = new Set([
      0,
      codeOf('cannotDeleteAdminGroup'),
      codeOf('cannotDeleteSelf'),
      codeOf('custodyMemberFrozen'),
      codeOf('noPermission'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      expect(stable.has(answer.body.code), JSON.stringify(answer.body)).toBe(true);
    }
    for (const answer of answers.filter((each) => each.self)) expect(answer.body.code).not.toBe(0);
    expect(answers.some((answer) => answer.body.code === 0)).toBe(true);

    const members = await storedMembers(org);
    const activeAdmins = members.filter((member) => member.state === 'active' && member.built_in === 'admin');
    expect(activeAdmins.length).toBeGreaterThanOrEqual(1);
    // Whoever is left can still run the organisation, and still cannot take the last admin away.
    const keeper = admins.find((admin) => admin.memberId === activeAdmins[0]!.id)!;
    expect((await keeper.client.get(custodyPaths.members)).body.code).toBe(0);
    if (activeAdmins.length === 1) {
      expect((await keeper.client.post(withId(custodyPaths.member, keeper.memberId), { name: 'Me', roleId: approver })).body.code).toBe(
        codeOf('cannotDeleteAdminGroup'),
      );
    }
    expect((await keeper.client.post(withId(custodyPaths.freezeMember, keeper.memberId))).body.code).toBe(codeOf('cannotDeleteSelf'));
    expect((await storedMembers(org)).filter((member) => member.state === 'active' && member.built_in === 'admin')).toHaveLength(
      activeAdmins.length,
    );
  });
});

describe('activation links under 100 parallel requests', () => {
  it('leaves exactly one working link, the newest, when 100 resends race', async () => {
    const org = await custody.organisation({ tag: 'resend' });
    const { customer, memberId } = await invitedMember(org);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => org.admin.client.post(withId(custodyPaths.resendActivation, memberId))),
    );
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(500);
      expect(answer.body).toMatchObject({ code: 0, data: { member: { id: memberId, state: 'invited' } } });
    }

    const links = await storedLinks(org, memberId);
    expect(links).toHaveLength(101);
    const usable = links.filter((link) => link.usable);
    expect(usable).toHaveLength(1);
    // The one that works is the newest: the resend that wrote it stopped every other, none later than it was issued.
    const newest = usable[0]!;
    for (const link of links.filter((each) => each !== newest)) {
      expect(link.expires_at.getTime()).toBeLessThanOrEqual(newest.created_at.getTime());
    }

    const tokens = await tokensSentTo(customer.email);
    expect(tokens).toHaveLength(101);
    const working = tokens.filter((token) => hashOf(token).equals(usable[0]!.token_hash));
    expect(working).toHaveLength(1);
    for (const token of tokens.filter((each) => each !== working[0])) {
      expect((await customer.client.post(custodyPaths.activate, { token })).body.code).toBe(codeOf('activationLinkExpired'));
    }
    expect((await storedMembers(org)).find((member) => member.id === memberId)).toMatchObject({ state: 'invited', user_id: null });
    expect((await customer.client.post(custodyPaths.activate, { token: working[0] })).body.code).toBe(0);
    expect((await storedMembers(org)).find((member) => member.id === memberId)).toMatchObject({
      state: 'active',
      user_id: customer.userId,
    });
  });

  it('activates at most once, and never through a replaced link, when 100 activations race a resend', async () => {
    for (let round = 0; round < 3; round += 1) {
      const org = await custody.organisation({ tag: `actrace${round}` });
      const { customer, memberId } = await invitedMember(org);
      const [token] = await tokensSentTo(customer.email);
      const activations = Array.from({ length: 100 }, () => customer.client.post(custodyPaths.activate, { token }));
      // The resend goes out in the middle of the activations.
      const resend = org.admin.client.post(withId(custodyPaths.resendActivation, memberId));
      const answers = await Promise.all([...activations.slice(0, 50), resend, ...activations.slice(50)]);
      const resent = answers[50]!;
      const activated = [...answers.slice(0, 50), ...answers.slice(51)];

      for (const answer of answers) expect(answer.status).toBeLessThan(500);
      const codes = activated.map((answer) => answer.body.code);
      const wins = codes.filter((code) => code === 0).length;
      expect(wins).toBeLessThanOrEqual(1);
      expect(codes.filter((code) => code !== 0).every((code) => code === codeOf('activationLinkExpired'))).toBe(true);

      const member = (await storedMembers(org)).find((each) => each.id === memberId)!;
      const links = await storedLinks(org, memberId);
      if (resent.body.code === 0) {
        // The resend came first: the first link was stopped before any activation used it.
        expect(wins).toBe(0);
        expect(member).toMatchObject({ state: 'invited', user_id: null });
        expect(links.filter((link) => link.usable)).toHaveLength(1);
        expect(links.every((link) => link.used_at === null)).toBe(true);
        const newest = (await tokensSentTo(customer.email)).find((each) =>
          hashOf(each).equals(links.find((link) => link.usable)!.token_hash),
        );
        expect((await customer.client.post(custodyPaths.activate, { token: newest })).body.code).toBe(0);
      } else {
        // An activation came first: the member is active and the resend refused as such.
        expect(resent.body.code).toBe(codeOf('custodyAlreadyMember'));
        expect(wins).toBe(1);
        expect(member).toMatchObject({ state: 'active', user_id: customer.userId });
        expect(links.filter((link) => link.used_at !== null)).toHaveLength(1);
        expect(links).toHaveLength(1);
      }
    }
  });

  it('decides a resend and 100 activations waiting for the same member one after the other, without a deadlock', async () => {
    const org = await custody.organisation({ tag: 'actqueue' });
    const { customer, memberId } = await invitedMember(org);
    const [token] = await tokensSentTo(customer.email);
    const waiting = (trx: typeof custody.db) =>
      sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`
        .execute(trx)
        .then((result) => result.rows[0]!.n);
    const until = async (trx: typeof custody.db, count: number) => {
      for (let tries = 0; tries < 500 && (await waiting(trx)) < count; tries += 1) await new Promise((done) => setTimeout(done, 10));
    };
    // Another transaction holds the member's row: the resend queues for it first, then the activations.
    const { resent, activated } = await custody.db.transaction().execute(async (trx) => {
      await trx.selectFrom('custody_member').select('id').where('id', '=', memberId).forUpdate().execute();
      const resent = org.admin.client.post(withId(custodyPaths.resendActivation, memberId));
      await until(trx, 1);
      const activated = Array.from({ length: 100 }, () => customer.client.post(custodyPaths.activate, { token }));
      await until(trx, 3);
      return { resent, activated };
    });
    const resendAnswer = await resent;
    const answers = await Promise.all(activated);

    expect([resendAnswer.status, resendAnswer.body.code]).toEqual([200, 0]);
    for (const answer of answers) expect([answer.status, answer.body.code]).toEqual([200, codeOf('activationLinkExpired')]);
    expect((await storedMembers(org)).find((member) => member.id === memberId)).toMatchObject({ state: 'invited', user_id: null });
    const links = await storedLinks(org, memberId);
    expect(links.every((link) => link.used_at === null)).toBe(true);
    const usable = links.filter((link) => link.usable);
    expect(usable).toHaveLength(1);
    expect(usable[0]!.token_hash.equals(hashOf(token!))).toBe(false);
  });

  it("refuses a link a resend replaced after the activation's transaction had begun", async () => {
    const org = await custody.organisation({ tag: 'actstale' });
    const { customer, memberId } = await invitedMember(org);
    const [first] = await tokensSentTo(customer.email);
    const spent = await inOrganisation(custody.db, org.orgId, async (trx) => {
      // This transaction's start (its now()) is before the resend's, which stops the first link at its own start.
      await sql`select now()`.execute(trx);
      expect((await org.admin.client.post(withId(custodyPaths.resendActivation, memberId))).body.code).toBe(0);
      return spendActivation(trx, hashOf(first!));
    });
    expect(spent).toBeUndefined();
    expect((await storedLinks(org, memberId)).filter((link) => link.used_at !== null)).toHaveLength(0);
  });
});
