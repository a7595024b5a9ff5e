import { custodyPaths, identityPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { custodyCustomer, enabledOrganisation, type TestOrganisation } from '../../../test/custody-kit';
import { invitationToken, roleIdOf } from '../../../test/custody-members-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { securitySteps } from '../../../test/security-steps';
import { softwareAuthenticator } from '../../../test/software-authenticator';

/**
 * The hardware-key link (issue 17 item 5): where the organisation's common settings require
 * hardware keys, a member without a passkey is told so by `me` (`hardwareKeyMissing`) from
 * their activation on, until they register one through identity's passkey calls; the
 * overview counts them as pending. Organisations that do not require keys are unaffected.
 */
let database: TestDatabase;
let app: FastifyInstance;
let steps: ReturnType<typeof securitySteps>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  steps = securitySteps(app, database.db, '18');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

async function requireHardwareKeys(org: TestOrganisation, requireHardwareKey: boolean): Promise<void> {
  const saved = await org.admin.client.post(custodyPaths.settings, { requireHardwareKey, sessionMinutes: 30, consoleIps: '' });
  expect(saved.body.code, saved.body.msg).toBe(0);
}

/** An added member who activates through the e-mailed link; the activation's answer is their first `me`. */
async function activatedMember(org: TestOrganisation) {
  const customer = await custodyCustomer(app, database.db, 'hwkey');
  const roleId = await roleIdOf(org.admin.client, 'approver');
  const added = await org.admin.client.post(custodyPaths.members, { email: customer.email, name: 'Key Holder', roleId });
  expect(added.body.code, added.body.msg).toBe(0);
  const activated = await customer.client.post(custodyPaths.activate, { token: await invitationToken(app, customer.email) });
  expect(activated.body.code, activated.body.msg).toBe(0);
  return { ...customer, activation: activated.body.data as { hardwareKeyMissing: boolean } };
}

/** Registers a passkey as the web's security-key step does: options, every bound factor's code, the attestation. */
async function registerPasskey(member: Awaited<ReturnType<typeof activatedMember>>): Promise<void> {
  const customer = { ...member, phone: null, secret: null };
  const options = (await member.client.post(identityPaths.passkeyRegistrationOptions)).body.data as { challenge: string };
  const codes = await steps.everyFactor(customer, 'passkey');
  const added = await member.client.post(identityPaths.passkeyAdd, {
    ...codes,
    name: 'Security key',
    credential: softwareAuthenticator().register(options),
  });
  expect(added.body.code, added.body.msg).toBe(0);
}

const meOf = async (client: { get: (url: string) => Promise<{ body: { code: number; data: { hardwareKeyMissing: boolean } } }> }) => {
  const me = await client.get(custodyPaths.me);
  expect(me.body.code).toBe(0);
  return me.body.data;
};

const pendingKeys = async (org: TestOrganisation): Promise<number> =>
  (await org.admin.client.get(custodyPaths.overview)).body.data.pending.hardwareKeysMissing as number;

describe('hardwareKeyMissing', () => {
  it('tells a member of an organisation requiring keys from activation on, until they register a passkey', async () => {
    const org = await enabledOrganisation(app, database.db, { tag: 'hwreq' });
    await requireHardwareKeys(org, true);
    expect((await meOf(org.admin.client)).hardwareKeyMissing).toBe(true);
    const before = await pendingKeys(org);

    const member = await activatedMember(org);
    expect(member.activation.hardwareKeyMissing).toBe(true);
    expect((await meOf(member.client)).hardwareKeyMissing).toBe(true);
    expect(await pendingKeys(org)).toBe(before + 1);

    await registerPasskey(member);
    expect((await meOf(member.client)).hardwareKeyMissing).toBe(false);
    expect(await pendingKeys(org)).toBe(before);
    // The admin still has none.
    expect((await meOf(org.admin.client)).hardwareKeyMissing).toBe(true);
  });

  it('is false in an organisation that does not require keys, and follows the setting as it is now', async () => {
    const relaxed = await enabledOrganisation(app, database.db, { tag: 'hwoff', company: 'No Keys Co' });
    const strict = await enabledOrganisation(app, database.db, { tag: 'hwon', company: 'Keys Co', operator: relaxed.operator });
    await requireHardwareKeys(strict, true);

    const member = await activatedMember(relaxed);
    expect(member.activation.hardwareKeyMissing).toBe(false);
    expect((await meOf(member.client)).hardwareKeyMissing).toBe(false);
    expect((await meOf(relaxed.admin.client)).hardwareKeyMissing).toBe(false);

    await requireHardwareKeys(relaxed, true);
    expect((await meOf(member.client)).hardwareKeyMissing).toBe(true);
    await requireHardwareKeys(relaxed, false);
    expect((await meOf(member.client)).hardwareKeyMissing).toBe(false);
  });
});
