import { custodyPaths, errorCatalogue, identityPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { enabledOrganisation, type TestOrganisation } from '../../../test/custody-kit';
import { activeMember, roleIdOf } from '../../../test/custody-members-kit';
import { countTenantRows } from '../../../test/custody-setup-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { backdateLogins, logInByEmail } from '../../../test/identity-helpers';

/**
 * The organisation's session length (common settings, issue 17 item 9): a console call whose
 * login is older than it is refused with custodySessionExpired and changes nothing; the
 * customer's session itself lives on outside the console, and a fresh login opens the console
 * again. Each organisation's length holds for its own members only. The clock is moved by
 * backdating the session's login time, never by waiting.
 */
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const expired = errorCatalogue.custodySessionExpired.code;

async function setSessionMinutes(org: TestOrganisation, sessionMinutes: number): Promise<void> {
  const saved = await org.admin.client.post(custodyPaths.settings, { requireHardwareKey: false, sessionMinutes, consoleIps: '' });
  expect(saved.body.code, saved.body.msg).toBe(0);
}

describe('the console session length', () => {
  it('lets a login within the length use the console and refuses one past it, changing nothing', async () => {
    const org = await enabledOrganisation(app, database.db, { tag: 'seslen' });
    await setSessionMinutes(org, 60);

    await backdateLogins(database.db, org.admin.userId, 59);
    expect((await org.admin.client.get(custodyPaths.me)).body.code).toBe(0);
    expect((await org.admin.client.get(custodyPaths.roles)).body.code).toBe(0);

    await backdateLogins(database.db, org.admin.userId, 61);
    const me = await org.admin.client.get(custodyPaths.me);
    expect(me.body.code).toBe(expired);
    expect(me.body.msg).toBe(errorCatalogue.custodySessionExpired.messages.en);
    expect((await org.admin.client.get(custodyPaths.roles)).body.code).toBe(expired);
    const roles = await countTenantRows(database.db, org.orgId, 'custody_role');
    const added = await org.admin.client.post(custodyPaths.roles, { name: 'Too late', description: '', permissions: ['review'] });
    expect(added.body.code).toBe(expired);
    expect(await countTenantRows(database.db, org.orgId, 'custody_role')).toBe(roles);

    // The customer's session is not ended: outside the console it still answers.
    expect((await org.admin.client.get(identityPaths.userInfo)).status).toBe(200);
    // Logging in again opens the console.
    const again = await logInByEmail(app, org.admin.email);
    expect((await again.get(custodyPaths.me)).body.code).toBe(0);
  });

  it('reads the length as it is now: shortening it ends sessions already older', async () => {
    const org = await enabledOrganisation(app, database.db, { tag: 'sesshort' });
    const member = await activeMember(app, database.db, org, await roleIdOf(org.admin.client, 'approver'));
    await backdateLogins(database.db, member.userId, 20);
    // The default is 30 minutes.
    expect((await member.client.get(custodyPaths.me)).body.code).toBe(0);
    await setSessionMinutes(org, 15);
    expect((await member.client.get(custodyPaths.me)).body.code).toBe(expired);
    await setSessionMinutes(org, 30);
    expect((await member.client.get(custodyPaths.me)).body.code).toBe(0);
  });

  it("holds each organisation's members to its own length only", async () => {
    const strict = await enabledOrganisation(app, database.db, { tag: 'sesa', company: 'Strict Hours Co' });
    const relaxed = await enabledOrganisation(app, database.db, { tag: 'sesb', company: 'Relaxed Hours Co', operator: strict.operator });
    await setSessionMinutes(strict, 5);
    await setSessionMinutes(relaxed, 720);

    await backdateLogins(database.db, strict.admin.userId, 6);
    await backdateLogins(database.db, relaxed.admin.userId, 600);
    expect((await strict.admin.client.get(custodyPaths.me)).body.code).toBe(expired);
    const me = await relaxed.admin.client.get(custodyPaths.me);
    expect(me.body.code).toBe(0);
    expect(me.body.data.organisation.id).toBe(relaxed.orgId);
    expect((await relaxed.admin.client.get(custodyPaths.members)).body.code).toBe(0);

    await backdateLogins(database.db, relaxed.admin.userId, 721);
    expect((await relaxed.admin.client.get(custodyPaths.me)).body.code).toBe(expired);
  });
});
