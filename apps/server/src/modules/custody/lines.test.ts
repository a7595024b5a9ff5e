import { custodyPaths, errorCatalogue, type CustodyLineBody } from '@coffer/contract';
import { describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { auditActions, countTenantRows, custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';

const custody = custodyTestBed();

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const linePath = (id: string) => custodyPaths.line.replace(':id', id);
const ethAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

/** An organisation with two reviewers (one invited, one active) and a custody account. */
async function organisationWithStaff(tag: string) {
  const org = await custody.organisation({ tag });
  const reviewers = [
    await insertConsoleMember(custody.db, org.orgId, { state: 'invited' }),
    await insertConsoleMember(custody.db, org.orgId, { state: 'invited' }),
  ];
  const account = await org.admin.client.post(custodyPaths.accounts, { name: 'Treasury', kind: 'cold', tier: 'enterprise' });
  expect(account.body.code).toBe(0);
  return { org, reviewers, accountId: account.body.data.id as string };
}

function lineBody(staff: { reviewers: string[]; accountId: string }, overrides: Partial<CustodyLineBody> = {}): CustodyLineBody {
  return {
    name: 'Payments',
    adminEmail: 'Ops@Northwind.example',
    currencies: ['BTC', 'ETH'],
    accountIds: [staff.accountId],
    minReviewers: 2,
    reviewerMemberIds: staff.reviewers,
    limits: [{ asset: 'BTC', perTransaction: '0.5', perDay: '1', perWeek: '5.00000001', perMonth: '20' }],
    whitelist: [{ asset: 'ETH', chain: 'ethereum', address: ethAddress.toLowerCase(), note: 'exchange hot wallet' }],
    ...overrides,
  };
}

const lineCount = (org: TestOrganisation) => countTenantRows(custody.db, org.orgId, 'custody_line');

describe('business lines', () => {
  it('adds a line with every setting, reads it back and audits it', async () => {
    const staff = await organisationWithStaff('lineadd');
    const added = await staff.org.admin.client.post(custodyPaths.lines, lineBody(staff));
    expect(added.body.code).toBe(0);
    expect(added.body.data).toMatchObject({
      name: 'Payments',
      adminEmail: 'ops@northwind.example',
      currencies: ['BTC', 'ETH'],
      accountIds: [staff.accountId],
      minReviewers: 2,
      reviewerMemberIds: [...staff.reviewers].sort(),
      limits: [{ asset: 'BTC', perTransaction: '0.5', perDay: '1', perWeek: '5.00000001', perMonth: '20' }],
      // The chain rules' canonical form (EIP-55).
      whitelist: [{ asset: 'ETH', chain: 'ethereum', address: ethAddress, tag: '', note: 'exchange hot wallet' }],
    });
    const listed = await staff.org.admin.client.get(custodyPaths.lines);
    expect(listed.body.data).toEqual([added.body.data]);
    expect(await auditActions(custody.db, staff.org.admin.userId, 'custodyLine')).toEqual(['custody.line.add']);
  });

  it('refuses each broken rule with its own code and stores nothing', async () => {
    const staff = await organisationWithStaff('linerule');
    const other = await organisationWithStaff('lineothr');
    const frozen = await insertConsoleMember(custody.db, staff.org.orgId, {
      state: 'frozen',
      userId: (await custody.customer('frozen')).userId,
    });
    const limit = { asset: 'BTC', perTransaction: '1', perDay: '2', perWeek: '3', perMonth: '4' };
    const refusals: Array<[Partial<CustodyLineBody>, keyof typeof errorCatalogue]> = [
      [{ name: '   ' }, 'custodyLineNameInvalid'],
      [{ name: 'x'.repeat(51) }, 'custodyLineNameInvalid'],
      [{ name: 'Pay\nments' }, 'custodyLineNameInvalid'],
      // NUL is refused before any rule, by the platform.
      [{ name: 'Pay\u0000ments' }, 'invalidParameter'],
      [{ adminEmail: 'not-an-email' }, 'custodyAdminEmailInvalid'],
      [{ currencies: ['BTC', 'NOPE'] }, 'coinNotSupported'],
      [{ accountIds: ['999999999'] }, 'noMatchingData'],
      [{ accountIds: [other.accountId] }, 'noMatchingData'],
      [{ minReviewers: 3 }, 'custodyReviewersBelowMinimum'],
      [{ reviewerMemberIds: [staff.reviewers[0]!, staff.reviewers[0]!] }, 'custodyReviewersBelowMinimum'],
      [{ reviewerMemberIds: [staff.reviewers[0]!, other.reviewers[0]!] }, 'noMatchingData'],
      [{ reviewerMemberIds: [staff.reviewers[0]!, frozen] }, 'noMatchingData'],
      [{ reviewerMemberIds: [staff.reviewers[0]!, '999999999'] }, 'noMatchingData'],
      [{ limits: [{ ...limit, asset: 'XRP' }] }, 'custodyLimitInvalid'],
      [{ limits: [limit, { ...limit, perMonth: '5' }] }, 'custodyLimitInvalid'],
      [{ limits: [{ ...limit, perTransaction: '0' }] }, 'custodyLimitInvalid'],
      [{ limits: [{ ...limit, perDay: '0.99999999' }] }, 'custodyLimitInvalid'],
      [{ limits: [{ ...limit, perWeek: '1.5' }] }, 'custodyLimitInvalid'],
      [{ limits: [{ ...limit, perMonth: '2.99999999' }] }, 'custodyLimitInvalid'],
      // BTC has 8 decimals.
      [{ limits: [{ ...limit, perTransaction: '0.000000001' }] }, 'custodyLimitInvalid'],
      // Equal as doubles (2^53 + 1 rounds to 2^53), so only an exact comparison sees the day below the transaction.
      [
        { limits: [{ ...limit, perTransaction: '9007199254740993', perDay: '9007199254740992', perWeek: '9007199254740993' }] },
        'custodyLimitInvalid',
      ],
      // More whole digits than NUMERIC(38, 18) holds.
      [{ limits: [{ ...limit, perMonth: '1'.padEnd(21, '0') }] }, 'custodyLimitInvalid'],
      [{ whitelist: [{ asset: 'ETH', chain: 'ethereum', address: '0x1234' }] }, 'invalidAddress'],
      [{ whitelist: [{ asset: 'ETH', chain: 'ethereum', address: `0x${'0'.repeat(40)}` }] }, 'burnAddressRefused'],
      [{ whitelist: [{ asset: 'ETH', chain: 'ethereum', address: ethAddress, tag: '12' }] }, 'invalidTag'],
      [{ whitelist: [{ asset: 'BTC', chain: 'ethereum', address: ethAddress }] }, 'withdrawalNetworkNotSupported'],
      [{ whitelist: [{ asset: 'ETH', chain: 'ethereum', address: ethAddress, note: 'n'.repeat(151) }] }, 'custodyNoteTooLong'],
      [
        {
          whitelist: [
            { asset: 'ETH', chain: 'ethereum', address: ethAddress },
            { asset: 'ETH', chain: 'ethereum', address: ethAddress.toLowerCase() },
          ],
        },
        'addressAlreadySaved',
      ],
    ];
    for (const [override, key] of refusals) {
      const answer = await staff.org.admin.client.post(custodyPaths.lines, lineBody(staff, override));
      expect(answer.body.code, JSON.stringify(override)).toBe(codeOf(key));
    }
    const named = await staff.org.admin.client.post(custodyPaths.lines, lineBody(staff, { name: 'x'.repeat(51) }));
    expect(named.body.msg).toContain('50');
    const below = await staff.org.admin.client.post(custodyPaths.lines, lineBody(staff, { minReviewers: 3 }));
    expect(below.body.msg).toContain('3');
    const note = await staff.org.admin.client.post(
      custodyPaths.lines,
      lineBody(staff, { whitelist: [{ asset: 'ETH', chain: 'ethereum', address: ethAddress, note: 'n'.repeat(151) }] }),
    );
    expect(note.body.msg).toContain('150');
    expect(await lineCount(staff.org)).toBe(0);
    for (const table of ['custody_line_account', 'custody_line_reviewer', 'custody_line_limit', 'custody_line_whitelist'])
      expect(await countTenantRows(custody.db, staff.org.orgId, table), table).toBe(0);
    expect(await auditActions(custody.db, staff.org.admin.userId, 'custodyLine')).toEqual([]);
  });

  it('keeps names unique per organisation, ignoring case and spaces, however many adds race', async () => {
    const staff = await organisationWithStaff('linerace');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => staff.org.admin.client.post(custodyPaths.lines, lineBody(staff, { name: 'Settlement' }))),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('custodyLineNameInvalid'))).toHaveLength(99);
    expect(await lineCount(staff.org)).toBe(1);
    expect(await countTenantRows(custody.db, staff.org.orgId, 'custody_line_reviewer')).toBe(2);
    const again = await staff.org.admin.client.post(custodyPaths.lines, lineBody(staff, { name: '  SETTLEMENT ' }));
    expect(again.body.code).toBe(codeOf('custodyLineNameInvalid'));
    // Another organisation may use the same name.
    const other = await organisationWithStaff('linesame');
    expect((await other.org.admin.client.post(custodyPaths.lines, lineBody(other, { name: 'settlement' }))).body.code).toBe(0);
    expect(await lineCount(staff.org)).toBe(1);
  });

  it('edits a line by replacing all its settings in one go, and a refused edit changes nothing', async () => {
    const staff = await organisationWithStaff('lineedit');
    const third = await insertConsoleMember(custody.db, staff.org.orgId, { state: 'invited' });
    const first = (await staff.org.admin.client.post(custodyPaths.lines, lineBody(staff))).body.data;
    const second = (await staff.org.admin.client.post(custodyPaths.lines, lineBody(staff, { name: 'Treasury ops' }))).body.data;

    const taken = await staff.org.admin.client.post(linePath(first.id), lineBody(staff, { name: 'treasury OPS' }));
    expect(taken.body.code).toBe(codeOf('custodyLineNameInvalid'));
    const broken = await staff.org.admin.client.post(
      linePath(first.id),
      lineBody(staff, { name: 'Renamed', minReviewers: 1, reviewerMemberIds: [third], accountIds: ['999999999'] }),
    );
    expect(broken.body.code).toBe(codeOf('noMatchingData'));
    expect((await staff.org.admin.client.get(custodyPaths.lines)).body.data).toEqual([first, second]);

    const edited = await staff.org.admin.client.post(
      linePath(first.id),
      lineBody(staff, {
        name: 'Renamed',
        adminEmail: 'desk@northwind.example',
        currencies: ['XRP'],
        accountIds: [],
        minReviewers: 1,
        reviewerMemberIds: [third],
        limits: [{ asset: 'XRP', perTransaction: '100', perDay: '100', perWeek: '100', perMonth: '100.5' }],
        whitelist: [{ asset: 'XRP', chain: 'xrpl', address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', tag: '12345' }],
      }),
    );
    expect(edited.body.code).toBe(0);
    // None of the line's reviewers has activated: its first configuration applies at once (issue 18 item 6), as an applied request.
    expect(edited.body.data.changeRequest).toMatchObject({ kind: 'policy', state: 'applied', lineId: first.id });
    expect(edited.body.data.line).toEqual({
      id: first.id,
      name: 'Renamed',
      adminEmail: 'desk@northwind.example',
      currencies: ['XRP'],
      accountIds: [],
      minReviewers: 1,
      reviewerMemberIds: [third],
      limits: [{ asset: 'XRP', perTransaction: '100', perDay: '100', perWeek: '100', perMonth: '100.5' }],
      whitelist: [{ asset: 'XRP', chain: 'xrpl', address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', tag: '12345', note: '' }],
      frozenAt: null,
      createdAt: first.createdAt,
    });
    expect((await staff.org.admin.client.get(custodyPaths.lines)).body.data).toEqual([edited.body.data.line, second]);
    expect(await countTenantRows(custody.db, staff.org.orgId, 'custody_line_reviewer')).toBe(3);
    expect(await countTenantRows(custody.db, staff.org.orgId, 'custody_line_whitelist')).toBe(2);
    expect(await auditActions(custody.db, staff.org.admin.userId, 'custodyLine')).toEqual([
      'custody.line.add',
      'custody.line.add',
      'custody.line.edit',
    ]);
    const entry = await custody.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'custody.line.edit')
      .where('subject_id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ before: { name: 'Payments' }, after: { name: 'Renamed' } });
  });

  it("lets no organisation read or change another's lines", async () => {
    const a = await organisationWithStaff('linetena');
    const b = await organisationWithStaff('linetenb');
    const line = (await a.org.admin.client.post(custodyPaths.lines, lineBody(a))).body.data;
    expect((await b.org.admin.client.get(custodyPaths.lines)).body.data).toEqual([]);
    const edit = await b.org.admin.client.post(linePath(line.id), lineBody(b, { name: 'Hijacked' }));
    expect(edit.body.code).toBe(codeOf('noMatchingData'));
    expect((await a.org.admin.client.get(custodyPaths.lines)).body.data).toEqual([line]);
    expect(await lineCount(b.org)).toBe(0);
  });

  it('is for members whose role holds the lines permission', async () => {
    const staff = await organisationWithStaff('lineperm');
    const approver = await custody.organisation({ tag: 'lineappr' });
    // An approver of the first organisation: signed in as a customer who is a member there.
    await custody.db.deleteFrom('custody_member').where('user_id', '=', approver.admin.userId).execute();
    await insertConsoleMember(custody.db, staff.org.orgId, { state: 'active', role: 'approver', userId: approver.admin.userId });
    expect((await approver.admin.client.get(custodyPaths.lines)).body.code).toBe(codeOf('noPermission'));
    expect((await approver.admin.client.post(custodyPaths.lines, lineBody(staff))).body.code).toBe(codeOf('noPermission'));
    expect(await lineCount(staff.org)).toBe(0);
  });
});
