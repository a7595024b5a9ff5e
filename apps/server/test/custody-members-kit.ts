import { custodyPaths, errorCatalogue, type CustodyMemberBody } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/platform/db/database';
import { custodyCustomer, type TestOrganisation } from './custody-kit';
import type { identityClient } from './identity-helpers';

type Client = ReturnType<typeof identityClient>;

export const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

/** A console path with its `:id`. */
export const withId = (path: string, id: string) => path.replace(':id', id);

/** The activation token of the newest invitation e-mailed to `email`, read from the dev outbox. */
export async function invitationToken(app: FastifyInstance, email: string): Promise<string> {
  const response = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(email)}&limit=1` });
  const [message] = response.json().data as Array<{ body: string }>;
  const token = /\/custody\/activate\?token=([A-Za-z0-9_-]+)/.exec(message?.body ?? '')?.[1];
  if (!token) throw new Error(`no invitation e-mailed to ${email}`);
  return token;
}

/** The id of one of the organisation's roles, by built-in key or name, as its admin sees it. */
export async function roleIdOf(client: Client, name: string): Promise<string> {
  const roles = (await client.get(custodyPaths.roles)).body.data as Array<{ id: string; name: string }>;
  const role = roles.find((candidate) => candidate.name === name);
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

/**
 * A signed-in customer who is an active member of the organisation with role `roleId`: the
 * admin adds them, and they activate through the e-mailed link.
 */
export async function activeMember(
  app: FastifyInstance,
  db: Db,
  org: TestOrganisation,
  roleId: string,
  overrides: Partial<CustodyMemberBody> = {},
) {
  const customer = await custodyCustomer(app, db, 'member');
  const added = await org.admin.client.post(custodyPaths.members, { email: customer.email, name: 'Grace Hopper', roleId, ...overrides });
  expect(added.body.code).toBe(0);
  const token = await invitationToken(app, customer.email);
  const activated = await customer.client.post(custodyPaths.activate, { token });
  expect(activated.body.code).toBe(0);
  return { ...customer, memberId: added.body.data.member.id as string };
}
