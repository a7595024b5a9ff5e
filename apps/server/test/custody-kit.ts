import { randomBytes } from 'node:crypto';
import { adminCustodyPaths, custodyPaths, type CustodyApplicationBody } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OutgoingMessage } from '../src/platform/adapters/messenger';
import type { Db } from '../src/platform/db/database';
import { createAssetsModule } from '../src/modules/assets';
import { createCustodyPayouts } from '../src/modules/custody';
import type { IdentityApi } from '../src/modules/identity';
import { createLedgerReads } from '../src/modules/ledger/ledger-reads';
import { createLedger } from '../src/modules/ledger/ledger.service';
import { signUpByEmail, type identityClient } from './identity-helpers';
import { signInOperator, type TestOperator } from './operator-kit';

type Client = ReturnType<typeof identityClient>;

let counter = 0;

/** A fresh e-mail for a test account (at most 30 characters, the registration rule); `tag` names the test. */
export function custodyEmail(tag: string): string {
  counter += 1;
  return `${tag.slice(0, 8)}${counter}x${randomBytes(3).toString('hex')}@coffer.test`;
}

/** A signed-in customer registered as an enterprise (or a person), with their user id. */
export async function custodyCustomer(app: FastifyInstance, db: Db, tag: string, kind: 'personal' | 'enterprise' = 'enterprise') {
  const email = custodyEmail(tag);
  const { client, userNo } = await signUpByEmail(app, email, undefined, kind);
  const user = await db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { client, email, userNo, userId: user.id };
}

/** A complete company application. */
export function applicationBody(overrides: Partial<CustodyApplicationBody> = {}): CustodyApplicationBody {
  return {
    companyName: 'Northwind Digital Assets',
    country: 'DE',
    industry: 'fund',
    website: 'https://northwind.example',
    contactName: 'Ada Lovelace',
    phone: '+4930123456',
    email: 'treasury@northwind.example',
    ...overrides,
  };
}

/** An operator's call to the back office. */
export async function operatorCall(app: FastifyInstance, operator: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: { cookie: operator.cookie }, ...(payload ? { payload } : {}) });
  return response.json() as { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
}

export interface TestOrganisation {
  orgId: string;
  applicationId: string;
  admin: { client: Client; email: string; userId: string };
  operator: TestOperator;
}

/**
 * An enabled organisation whose enterprise admin is signed in: an enterprise customer applies
 * and an operator with `custody.review` enables the application, both through the API.
 */
export async function enabledOrganisation(
  app: FastifyInstance,
  db: Db,
  options: { tag?: string; operator?: TestOperator; company?: string } = {},
): Promise<TestOrganisation> {
  const admin = await custodyCustomer(app, db, options.tag ?? 'orgadmin');
  const applied = await admin.client.post(
    custodyPaths.application,
    applicationBody({ companyName: options.company ?? 'Northwind Digital Assets' }),
  );
  expect(applied.body.code).toBe(0);
  const operator = options.operator ?? (await signInOperator(app, db, { role: 'support' }));
  const enabled = await operatorCall(app, operator, 'POST', adminCustodyPaths.enable.replace(':id', applied.body.data.id), {
    salespersonEmail: 'sales@coffer.test',
  });
  expect(enabled.code).toBe(0);
  return { orgId: enabled.data.organisationId, applicationId: applied.body.data.id, admin, operator };
}

/**
 * Test-only: the custody module's payouts (the signer's `CustodyPayoutSource`) over `db`, as
 * app.ts builds them, with the mails and log lines kept where the test can read them (or dropped).
 */
export function testCustodyPayouts(
  db: Db,
  options: {
    mails?: OutgoingMessage[];
    alerts?: object[];
    warnings?: object[];
    noticeRecipient?: IdentityApi['noticeRecipient'];
  } = {},
) {
  return createCustodyPayouts({
    db,
    ledger: createLedger(db),
    ledgerReads: createLedgerReads(db),
    assets: createAssetsModule({ db }).api,
    identity: { noticeRecipient: options.noticeRecipient ?? (async () => null) },
    messenger: { send: async (message) => void options.mails?.push(message) },
    logger: { error: (fields) => void options.alerts?.push(fields), warn: (fields) => void options.warnings?.push(fields) },
  });
}
