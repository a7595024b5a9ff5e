import { adminCustodyPaths, custodyPaths, errorCatalogue } from '@coffer/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationBody, operatorCall } from '../../../test/custody-kit';
import { custodyTestBed } from '../../../test/custody-setup-kit';
import { signInOperator, type TestOperator } from '../../../test/operator-kit';
import { custodyTenantTables } from './tenant-tables';
import { inOrganisation } from './tenant-transaction';

const custody = custodyTestBed();
/** The back office's reviewer: the operator with `custody.review` that enables the file's organisations. */
let reviewer: TestOperator;

beforeAll(async () => {
  reviewer = await custody.operator();
});

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

describe('custody application', () => {
  it('refuses a personal account, a bad field each with its own code, and writes nothing', async () => {
    const person = await custody.customer('person', 'personal');
    expect((await person.client.post(custodyPaths.application, applicationBody())).body.code).toBe(codeOf('custodyEnterpriseOnly'));

    const company = await custody.customer('fields');
    const refusals: Array<[object, keyof typeof errorCatalogue]> = [
      [{ email: 'not-an-email' }, 'emailOrPhoneFormat'],
      [{ phone: '12' }, 'emailOrPhoneFormat'],
      [{ country: 'QQ' }, 'countryNotFound'],
      [{ companyName: '   ' }, 'missingParameter'],
      [{ companyName: 'x'.repeat(101) }, 'invalidParameter'],
      [{ website: 'nowhere' }, 'invalidParameter'],
    ];
    for (const [override, key] of refusals) {
      const answer = await company.client.post(custodyPaths.application, applicationBody(override));
      expect(answer.body.code, JSON.stringify(override)).toBe(codeOf(key));
    }
    expect((await company.client.post(custodyPaths.application, applicationBody({ companyName: 'A\u0000B' }))).body.code).not.toBe(0);
    expect((await company.client.get(custodyPaths.application)).body.data).toBeNull();
    expect((await company.client.get(custodyPaths.me)).body.code).toBe(codeOf('custodyNotEnabled'));
  });

  it('keeps one open application per company however many arrive at once, and tells the applicant', async () => {
    const company = await custody.customer('burst');
    const answers = await Promise.all(Array.from({ length: 100 }, () => company.client.post(custodyPaths.application, applicationBody())));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('custodyApplicationOpen'))).toHaveLength(99);
    const rows = await custody.db.selectFrom('custody_application').select('state').where('user_id', '=', company.userId).execute();
    expect(rows).toEqual([{ state: 'pending' }]);
    const mine = (await company.client.get(custodyPaths.application)).body.data;
    expect(mine).toMatchObject({ state: 'pending', companyName: 'Northwind Digital Assets', industry: 'fund' });
    const audit = await custody.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject_kind', '=', 'custodyApplication')
      .where('subject_id', '=', mine.id)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['custody.apply']);
    const outbox = (await custody.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(company.email)}&limit=5` })).json().data as Array<{
      subject: string;
    }>;
    expect(outbox.filter((message) => message.subject === 'Coffer: custody application received')).toHaveLength(1);
  });

  it('is enabled by an operator once: the organisation, its built-in roles and the applicant as its admin', async () => {
    const org = await custody.organisation();
    const me = (await org.admin.client.get(custodyPaths.me)).body;
    expect(me.code).toBe(0);
    expect(me.data).toMatchObject({
      organisation: { id: org.orgId, name: 'Northwind Digital Assets', salespersonEmail: 'sales@coffer.test' },
      member: { email: org.admin.email, builtInRole: 'admin' },
      hardwareKeyMissing: false,
    });
    expect(new Set(me.data.permissions)).toEqual(
      new Set(['orders', 'review', 'trade', 'assetReport', 'members', 'addresses', 'lines', 'settings', 'accounts']),
    );
    const roles = await inOrganisation(custody.db, org.orgId, (trx) =>
      trx.selectFrom('custody_role').select('built_in').orderBy('id').execute(),
    );
    expect(roles.map((role) => role.built_in)).toEqual(['admin', 'lineAdmin', 'salesperson', 'approver']);

    // Deciding again, either way, is refused and changes nothing.
    const enableAgain = await operatorCall(custody.app, reviewer, 'POST', adminCustodyPaths.enable.replace(':id', org.applicationId), {
      salespersonEmail: 'x@coffer.test',
    });
    expect(enableAgain.code).toBe(codeOf('custodyApplicationDecided'));
    const reject = await operatorCall(custody.app, reviewer, 'POST', adminCustodyPaths.reject.replace(':id', org.applicationId), {
      reason: 'late',
    });
    expect(reject.code).toBe(codeOf('custodyApplicationDecided'));
    expect(await custody.db.selectFrom('custody_org').select('id').where('application_id', '=', org.applicationId).execute()).toHaveLength(
      1,
    );
    // A new application while enabled is refused.
    expect((await org.admin.client.post(custodyPaths.application, applicationBody())).body.code).toBe(codeOf('custodyApplicationOpen'));
  });

  it('enables an application once when 100 decisions race', async () => {
    const company = await custody.customer('race');
    const applied = (await company.client.post(custodyPaths.application, applicationBody())).body.data;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        index % 2 === 0
          ? operatorCall(custody.app, reviewer, 'POST', adminCustodyPaths.enable.replace(':id', applied.id), {
              salespersonEmail: 'sales@coffer.test',
            })
          : operatorCall(custody.app, reviewer, 'POST', adminCustodyPaths.reject.replace(':id', applied.id), { reason: 'not now' }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === codeOf('custodyApplicationDecided'))).toHaveLength(99);
    const orgs = await custody.db.selectFrom('custody_org').select('id').where('application_id', '=', applied.id).execute();
    const state = (await company.client.get(custodyPaths.application)).body.data.state;
    expect(orgs).toHaveLength(state === 'enabled' ? 1 : 0);
  });

  it('is rejected with a reason the applicant sees, who may then apply again', async () => {
    const company = await custody.customer('reject');
    const applied = (await company.client.post(custodyPaths.application, applicationBody())).body.data;
    const rejected = await operatorCall(custody.app, reviewer, 'POST', adminCustodyPaths.reject.replace(':id', applied.id), {
      reason: 'Website unreachable',
    });
    expect(rejected).toMatchObject({ code: 0, data: { state: 'rejected', rejectReason: 'Website unreachable' } });
    expect((await company.client.get(custodyPaths.application)).body.data).toMatchObject({
      state: 'rejected',
      rejectReason: 'Website unreachable',
    });
    expect((await company.client.get(custodyPaths.me)).body.code).toBe(codeOf('custodyNotEnabled'));
    expect((await company.client.post(custodyPaths.application, applicationBody())).body.code).toBe(0);
  });

  it('lists applications to operators with custody.review only', async () => {
    const list = await operatorCall(custody.app, reviewer, 'GET', `${adminCustodyPaths.applications}?state=pending`);
    expect(list.code).toBe(0);
    expect(list.data.items.every((item: { state: string }) => item.state === 'pending')).toBe(true);
    const finance = await signInOperator(custody.app, custody.db, { role: 'finance' });
    expect((await operatorCall(custody.app, finance, 'GET', adminCustodyPaths.applications)).code).toBe(codeOf('noPermission'));
  });

  it('lets a compliance operator review applications: list, read and enable one', async () => {
    const compliance = await signInOperator(custody.app, custody.db, { role: 'compliance' });
    const company = await custody.customer('compl');
    const applied = (await company.client.post(custodyPaths.application, applicationBody({ companyName: 'Compliance Reviewed Co' }))).body
      .data;
    const list = await operatorCall(custody.app, compliance, 'GET', `${adminCustodyPaths.applications}?state=pending`);
    expect(list.code).toBe(0);
    expect(list.data.items.map((item: { id: string }) => item.id)).toContain(applied.id);
    const detail = await operatorCall(custody.app, compliance, 'GET', adminCustodyPaths.application.replace(':id', applied.id));
    expect(detail).toMatchObject({ code: 0, data: { id: applied.id, companyName: 'Compliance Reviewed Co', state: 'pending' } });
    const enabled = await operatorCall(custody.app, compliance, 'POST', adminCustodyPaths.enable.replace(':id', applied.id), {
      salespersonEmail: 'sales@coffer.test',
    });
    expect(enabled).toMatchObject({ code: 0, data: { state: 'enabled', decidedBy: `operator:${compliance.id}` } });
    expect((await company.client.get(custodyPaths.me)).body.code).toBe(0);
  });
});

describe('row-level security', () => {
  it('shows a console transaction its own organisation only, and nothing when none is set', async () => {
    const first = await custody.organisation({ company: 'First Co' });
    const second = await custody.organisation({ company: 'Second Co' });
    const orgIds = await inOrganisation(custody.db, first.orgId, (trx) => trx.selectFrom('custody_member').select('org_id').execute());
    expect(new Set(orgIds.map((row) => row.org_id))).toEqual(new Set([first.orgId]));

    for (const table of custodyTenantTables) {
      const unset = await custody.db.transaction().execute(async (trx) => {
        await sql`select set_config('role', 'coffer_console', true)`.execute(trx);
        return sql<{ count: string }>`select count(*) from ${sql.table(table)}`.execute(trx);
      });
      expect(unset.rows[0]!.count, table).toBe('0');
    }
    // Writing another organisation's row is refused by the policy, not only hidden.
    await expect(
      inOrganisation(custody.db, first.orgId, (trx) =>
        trx
          .insertInto('custody_role')
          .values({ org_id: second.orgId, name: 'Intruder', built_in: null, permissions: ['review'] })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/);
  });
});
