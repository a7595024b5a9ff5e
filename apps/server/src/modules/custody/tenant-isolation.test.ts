import { randomBytes } from 'node:crypto';
import { custodyBillingEndpoints, custodyConsoleEndpoints, errorCatalogue, type CustodyPermission } from '@coffer/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { custodyTestBed } from '../../../test/custody-setup-kit';
import type { identityClient } from '../../../test/identity-helpers';
import { digestOfRow } from './order-view';
import { custodyTenantTables } from './tenant-tables';
import { inOrganisation } from './tenant-transaction';

/**
 * The tenant isolation matrix (issue 17): every console call of the contract, generated from
 * `custodyConsoleEndpoints` and `custodyBillingEndpoints` (issue 18's bills; a new endpoint
 * without a row in `calls` does not compile), made by
 * an individual customer, a frozen member, a member without the permission, and a member of
 * another organisation. Each is refused with its stable code (the other organisation's member
 * finds nothing of the first), and the first organisation's rows are unchanged afterwards.
 */
type Client = ReturnType<typeof identityClient>;
const consoleEndpoints = { ...custodyConsoleEndpoints, ...custodyBillingEndpoints };
type EndpointName = keyof typeof consoleEndpoints;

const custody = custodyTestBed();
let first: TestOrganisation;
let second: TestOrganisation;
let individual: Client;
let frozen: Client;
let viewer: Client;
/** Ids of the first organisation's rows, one of each kind a path can name. */
const ids = {
  role: '',
  member: '',
  line: '',
  account: '',
  otherAccount: '',
  address: '',
  poolPartner: '',
  order: '',
  change: '',
  bill: '',
};

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

/** The kind of row each `:id` names, by the path's collection. */
function idFor(path: string): string {
  if (!path.includes(':id')) return path;
  const kind = path.includes('/bills/')
    ? ids.bill
    : path.includes('/pool-partners/')
      ? ids.poolPartner
      : path.includes('/change-requests/')
        ? ids.change
        : path.includes('/withdrawal-orders/')
          ? ids.order
          : path.includes('/roles/')
            ? ids.role
            : path.includes('/members/')
              ? ids.member
              : path.includes('/business-lines/')
                ? ids.line
                : path.includes('/accounts/')
                  ? ids.account
                  : ids.address;
  return path.replace(':id', kind);
}

/** A valid request of each console call, so that only the caller can be the reason for a refusal. */
function calls(): Record<EndpointName, { body?: object; query?: string }> {
  const line = {
    name: 'Matrix line',
    adminEmail: 'line@northwind.example',
    currencies: ['USDT'],
    accountIds: [ids.account],
    minReviewers: 1,
    reviewerMemberIds: [ids.member],
    limits: [],
    whitelist: [],
  };
  return {
    overview: {},
    roles: {},
    addRole: { body: { name: 'Matrix role', description: '', permissions: ['review'] } },
    editRole: { body: { name: 'Matrix role 2', description: '', permissions: ['review'] } },
    deleteRole: {},
    members: {},
    addMember: { body: { email: 'matrix@northwind.example', name: 'Matrix', roleId: ids.role } },
    editMember: { body: { name: 'Matrix', roleId: ids.role } },
    freezeMember: {},
    thawMember: {},
    resendActivation: {},
    lines: {},
    addLine: { body: line },
    editLine: { body: line },
    settings: {},
    saveSettings: { body: { requireHardwareKey: true, sessionMinutes: 10, consoleIps: '' } },
    accounts: {},
    addAccount: { body: { name: 'Matrix account', kind: 'cold', tier: 'prime' } },
    addresses: {},
    addAddress: { body: { asset: 'USDT', chain: 'ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7', note: 'matrix' } },
    deleteAddress: {},
    balances: {},
    depositAddress: { query: 'coin=USDT&chain=ethereum' },
    internalMove: {
      body: { requestId: 'matrix-move-0001', fromAccountId: ids.account, toAccountId: ids.otherAccount, coin: 'USDT', amount: '1' },
    },
    transfers: { query: `accountId=${ids.account}` },
    transfersExport: { query: `start=2026-01-01&end=2026-02-01&accountId=${ids.account}` },
    assetReport: { query: `accountId=${ids.account}` },
    assetReportExport: { query: `format=xlsx&accountId=${ids.account}` },
    poolPartners: {},
    addPoolLink: { body: { accountId: ids.account, coin: 'USDT', chain: 'ethereum', partnerName: 'Matrix Pool', expiresInDays: 7 } },
    revokePoolLink: {},
    unlinkPoolPartner: {},
    orders: { query: `lineId=${ids.line}&submitterId=${ids.member}&start=2026-01-01` },
    orderLines: {},
    order: {},
    submitOrder: { body: { ...orderDraft(), requestId: 'matrix-order-0001' } },
    orderDryRun: { body: orderDraft() },
    approveOrder: { body: { digest: 'a'.repeat(64), emailCode: '123456' } },
    approvalOptions: {},
    rejectOrder: { body: { opinion: 'Not this one' } },
    batchTemplate: { query: `lineId=${ids.line}` },
    batchValidate: { body: batchFile() },
    submitBatch: { body: { ...batchFile(), requestId: 'matrix-batch-0001' } },
    changeRequests: { query: `lineId=${ids.line}` },
    approveChange: { body: { opinion: 'fine' } },
    rejectChange: { body: { opinion: 'Not this one' } },
    freezeLine: {},
    unfreezeLine: {},
    freezeOrganisation: {},
    unfreezeOrganisation: {},
    bills: { query: 'state=unpaid&fromMonth=2026-01&toMonth=2026-12' },
    bill: {},
    billPdf: {},
    statistics: { query: 'month=2026-01' },
    paymentMethod: {},
    setPaymentMethod: { body: { method: 'deduction', deductions: [{ accountId: ids.account, coin: 'USDT' }] } },
  };
}

/** A valid batch CSV of one row for the first organisation. */
function batchFile() {
  const csv = 'coin,network,amount,address,tag,note\r\nUSDT,ethereum,1,0x52908400098527886E0F7030069857D2E4169EE7,,matrix\r\n';
  return { lineId: ids.line, accountId: ids.account, fileName: 'matrix.csv', content: Buffer.from(csv).toString('base64') };
}

/** A valid single withdrawal order of the first organisation. */
function orderDraft() {
  return {
    lineId: ids.line,
    accountId: ids.account,
    coin: 'USDT',
    chain: 'ethereum',
    amount: '1',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
  };
}

/** Everything the first organisation holds, read as the platform (no fence): what must not change. */
async function firstOrganisationRows(): Promise<string> {
  const parts: string[] = [];
  for (const table of custodyTenantTables) {
    const rows = await sql<{
      row: unknown;
    }>`select to_jsonb(t) as row from ${sql.table(table)} t where t.org_id = ${first.orgId} order by 1::text`.execute(custody.db);
    parts.push(
      `${table}:${JSON.stringify(rows.rows.map((each) => each.row).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))))}`,
    );
  }
  return parts.join('\n');
}

async function call(client: Client, name: EndpointName): Promise<{ body: { code: number; data?: unknown } }> {
  const endpoint = consoleEndpoints[name];
  const request = calls()[name];
  const url = `${idFor(endpoint.path)}${request.query ? `?${request.query}` : ''}`;
  if (!('response' in endpoint)) {
    // A download answers a file, or an envelope when refused.
    const answer = await custody.app.inject({ method: 'GET', url, headers: client.cookie ? { cookie: client.cookie } : {} });
    const isEnvelope = String(answer.headers['content-type']).startsWith('application/json');
    return isEnvelope ? { body: answer.json() } : { body: { code: 0, data: answer.body } };
  }
  return endpoint.method === 'GET' ? client.get(url) : client.post(url, request.body ?? {});
}

beforeAll(async () => {
  first = await custody.organisation({ tag: 'first', company: 'First Matrix Co' });
  second = await custody.organisation({ tag: 'second', company: 'Second Matrix Co' });
  individual = (await custody.customer('person', 'personal')).client;
  const frozenCustomer = await custody.customer('frozen');
  const viewerCustomer = await custody.customer('viewer');
  frozen = frozenCustomer.client;
  viewer = viewerCustomer.client;

  await inOrganisation(custody.db, first.orgId, async (trx) => {
    const admin = await trx.selectFrom('custody_role').select('id').where('built_in', '=', 'admin').executeTakeFirstOrThrow();
    const role = await trx
      .insertInto('custody_role')
      // A permission no console call is guarded by: every guarded call refuses this member.
      .values({ org_id: first.orgId, name: 'Trader', built_in: null, permissions: ['trade'] })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.role = role.id;
    const member = await trx
      .insertInto('custody_member')
      .values({
        org_id: first.orgId,
        user_id: viewerCustomer.userId,
        email: viewerCustomer.email,
        name: 'Viewer',
        role_id: role.id,
        state: 'active',
        activated_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.member = member.id;
    await trx
      .insertInto('custody_member')
      .values({
        org_id: first.orgId,
        user_id: frozenCustomer.userId,
        email: frozenCustomer.email,
        name: 'Frozen admin',
        role_id: admin.id,
        state: 'frozen',
        activated_at: new Date(),
        frozen_at: new Date(),
      })
      .execute();
    const account = await trx
      .insertInto('custody_account')
      .values({ org_id: first.orgId, name: 'Treasury cold', kind: 'cold', tier: 'enterprise', address_count: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.account = account.id;
    const other = await trx
      .insertInto('custody_account')
      .values({ org_id: first.orgId, name: 'Treasury hot', kind: 'hot', tier: 'enterprise' })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.otherAccount = other.id;
    const address = await trx
      .insertInto('custody_address')
      .values({
        org_id: first.orgId,
        account_id: account.id,
        asset: 'USDT',
        chain: 'ethereum',
        address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.address = address.id;
    const line = await trx
      .insertInto('custody_line')
      .values({ org_id: first.orgId, name: 'OTC desk', admin_email: 'otc@northwind.example', currencies: ['USDT'], min_reviewers: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.line = line.id;
    await trx.insertInto('custody_line_reviewer').values({ org_id: first.orgId, line_id: line.id, member_id: member.id }).execute();
    // An open mining-pool partner link: what revoking and unlinking would act on.
    const partner = await trx
      .insertInto('custody_pool_partner')
      .values({
        org_id: first.orgId,
        account_id: account.id,
        asset: 'USDT',
        chain: 'ethereum',
        partner_name: 'Treasury Pool',
        token_hash: randomBytes(32),
        expires_at: new Date(Date.now() + 86_400_000),
        created_by: member.id,
        created_language: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.poolPartner = partner.id;
    const order = {
      id: '900001',
      account_id: account.id,
      asset: 'USDT',
      chain: 'ethereum',
      amount: '1000000',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      tag: '',
      fee: '0',
    };
    await trx
      .insertInto('custody_withdrawal_order')
      .values({
        ...order,
        org_id: first.orgId,
        serial_no: 'CW0000900001',
        request_id: 'matrix-order-first',
        line_id: line.id,
        submitter_member_id: member.id,
        digest: digestOfRow(order),
        hold_id: '1',
      })
      .execute();
    ids.order = order.id;
    // A pending change request of the line's policy: what approving and rejecting would act on.
    const policy = { minReviewers: 1, reviewerMemberIds: [member.id], limits: [], whitelist: [] };
    const change = await trx
      .insertInto('custody_change_request')
      .values({
        org_id: first.orgId,
        kind: 'policy',
        line_id: line.id,
        proposer_member_id: member.id,
        before: JSON.stringify(policy),
        after: JSON.stringify({ ...policy, minReviewers: 2 }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.change = change.id;
  });
  // An unpaid bill of January (bills are written as the platform): what its detail and PDF would show.
  const bill = await custody.db
    .insertInto('custody_bill')
    .values({
      org_id: first.orgId,
      period: '2026-01-01',
      due_on: '2026-02-10',
      days: 31,
      market_value_cents: '1000000',
      annual_rate: '0.01',
      hosting_fee_cents: '833',
      enterprise_withdrawal_cents: '0',
      prime_withdrawal_cents: '0',
      withdrawal_fee_cents: '0',
      minimum_cents: '0',
      reference_fee_cents: '833',
      final_cost_cents: '833',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.bill = bill.id;
}, 120_000);

const names = Object.keys(consoleEndpoints) as EndpointName[];
/** The lists and the kind of row each shows. */
const listedKind: Partial<Record<EndpointName, keyof typeof ids>> = {
  roles: 'role',
  members: 'member',
  lines: 'line',
  accounts: 'account',
  poolPartners: 'poolPartner',
};

describe('tenant isolation matrix', { timeout: 60_000 }, () => {
  it.each(names)('%s: an individual customer is told custody is not enabled, and nothing changes', async (name) => {
    const before = await firstOrganisationRows();
    expect((await call(individual, name)).body.code).toBe(codeOf('custodyNotEnabled'));
    expect(await firstOrganisationRows()).toBe(before);
  });

  it.each(names)('%s: a frozen member is refused, whatever its role, and nothing changes', async (name) => {
    const before = await firstOrganisationRows();
    expect((await call(frozen, name)).body.code).toBe(codeOf('custodyMemberFrozen'));
    expect(await firstOrganisationRows()).toBe(before);
  });

  it.each(names.filter((name) => consoleEndpoints[name].consolePermission !== 'anyMember'))(
    '%s: a member whose role lacks the permission is refused, and nothing changes',
    async (name) => {
      const permission = consoleEndpoints[name].consolePermission as CustodyPermission;
      expect(permission).not.toBe('trade');
      const before = await firstOrganisationRows();
      expect((await call(viewer, name)).body.code).toBe(codeOf('noPermission'));
      expect(await firstOrganisationRows()).toBe(before);
    },
  );

  it.each(names)("%s: another organisation's admin finds nothing of the first, and changes nothing", async (name) => {
    const before = await firstOrganisationRows();
    const answer = await call(second.admin.client, name);
    if (consoleEndpoints[name].path.includes(':id')) {
      // Bills answer their own "not found" (a bill id names nothing of the caller's).
      expect(answer.body.code).toBe(codeOf(name in custodyBillingEndpoints ? 'custodyBillNotFound' : 'noMatchingData'));
    } else {
      // A call without an id acts on the caller's own organisation: nothing of the first may appear in it.
      expect(JSON.stringify(answer.body.data ?? null)).not.toContain('First Matrix Co');
      expect(JSON.stringify(answer.body.data ?? null)).not.toContain('Treasury');
      const listed = listedKind[name];
      if (listed) {
        expect(answer.body.code).toBe(0);
        expect((answer.body.data as Array<{ id: string }>).map((row) => row.id)).not.toContain(ids[listed]);
      }
    }
    expect(await firstOrganisationRows()).toBe(before);
  });
});
