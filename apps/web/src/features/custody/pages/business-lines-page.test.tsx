import {
  custodyLineBodySchema,
  custodyPaths,
  depositPaths,
  errorCatalogue,
  errorMessage,
  walletPaths,
  type CustodyChangeBoard,
  type CustodyChangeRequest,
  type CustodyLine,
} from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accounts,
  choose,
  currencies,
  expectErrorAt,
  fill,
  lineOf,
  networkOptions,
  renderCustodyConfig,
} from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, memberOf, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { meOf } from '../components/custody-test-kit';
import { BusinessLinesPage } from './business-lines-page';

const slow = { timeout: 5_000 };
const linePath = (id: string) => custodyPaths.line.replace(':id', id);
const team = [
  memberOf({ id: '100', name: 'Ada Lovelace', email: 'ada@acme.test' }),
  memberOf({ id: '101', name: 'Grace Hopper', email: 'grace@acme.test', state: 'invited' }),
  memberOf({ id: '102', name: 'Alan Turing', email: 'alan@acme.test', state: 'frozen' }),
];

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [`GET ${custodyPaths.lines}`]: [lineOf()],
    [custodyPaths.accounts]: accounts,
    [custodyPaths.members]: team,
    [walletPaths.currencies]: currencies,
    [depositPaths.dwOption]: networkOptions,
    [custodyPaths.me]: meOf(['lines', 'review']),
    [custodyPaths.changeRequests]: { organisationFrozenAt: null, requests: [] } satisfies CustodyChangeBoard,
    ...answers,
  });
}

const policy = (overrides: Partial<Extract<CustodyChangeRequest['before'], { minReviewers: number }>> = {}) => ({
  minReviewers: 2,
  reviewerMemberIds: ['100', '101'],
  limits: [{ asset: 'BTC', perTransaction: '1.5', perDay: '5', perWeek: '20', perMonth: '50' }],
  whitelist: [],
  ...overrides,
});

function changeOf(overrides: Partial<CustodyChangeRequest> = {}): CustodyChangeRequest {
  return {
    id: '70',
    kind: 'policy',
    lineId: '40',
    lineName: 'OTC desk',
    proposer: { memberId: '100', name: 'Ada Lovelace' },
    state: 'pending',
    before: policy(),
    after: policy({ minReviewers: 3, limits: [{ asset: 'BTC', perTransaction: '2', perDay: '5', perWeek: '20', perMonth: '50' }] }),
    approvals: [],
    required: 2,
    counted: 0,
    mayApprove: [{ memberId: '9', name: 'Ada Acme' }],
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function openAddForm(user: UserEvent) {
  const add = await screen.findByTestId('line-add', {}, slow);
  await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
  await user.click(add);
  return screen.findByTestId('line-form');
}

/** The error texts the form shows under its fields. */
function fieldErrors(form: HTMLElement): string[] {
  return [...form.querySelectorAll('.ant-form-item-explain-error')].map((element) => element.textContent ?? '');
}

describe('BusinessLinesPage', { timeout: 60_000 }, () => {
  it('lists each line with its admin, currencies, accounts, reviewers against the minimum, limits and whitelist size', async () => {
    const limits = [
      { asset: 'BTC', perTransaction: '1.5', perDay: '5', perWeek: '20', perMonth: '50' },
      { asset: 'USDT', perTransaction: '100000', perDay: '250000.5', perWeek: '1000000', perMonth: '3000000' },
    ];
    stubServer({
      [`GET ${custodyPaths.lines}`]: [
        lineOf({ limits }),
        lineOf({ id: '41', name: 'Payroll', reviewerMemberIds: ['100'], limits: [], whitelist: [] }),
      ],
    });
    renderCustodyConfig(<BusinessLinesPage />);

    const table = await screen.findByTestId('line-table', {}, slow);
    const otc = within(table).getByText('OTC desk').closest('tr') as HTMLElement;
    expect(within(otc).getByText('otc@acme.test')).toBeTruthy();
    expect(within(otc).getByText('BTC', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(otc).getByText('USDT', { selector: '.ant-tag' })).toBeTruthy();
    expect(await within(otc).findByText('Treasury hot', {}, slow)).toBeTruthy();
    expect(within(otc).getByTestId('line-reviewers-40').textContent).toBe('2 (minimum 2)');
    expect(within(otc).getByTestId('line-limits-40').textContent).toBe(
      'BTC 1.5 / 5 / 20 / 50USDT 100,000 / 250,000.5 / 1,000,000 / 3,000,000',
    );
    expect(within(otc).queryByText('Below minimum')).toBeNull();

    const payroll = within(table).getByText('Payroll').closest('tr') as HTMLElement;
    expect(within(payroll).getByTestId('line-reviewers-41').textContent).toBe('1 (minimum 2)');
    expect(within(payroll).getByText('Below minimum')).toBeTruthy();
    expect(within(payroll).getByText('No limits')).toBeTruthy();
  });

  it('shows the empty state with its add action, a load failure with a retry, and its texts in the user language', async () => {
    stubServer({ [`GET ${custodyPaths.lines}`]: [] });
    renderCustodyConfig(<BusinessLinesPage />);
    const empty = await screen.findByTestId('lines-empty', {}, slow);
    expect(empty.textContent).toContain('No business lines yet');
    expect(within(empty).getByTestId('line-add-empty').textContent).toBe('Add business line');
    vi.restoreAllMocks();

    let calls = 0;
    stubServer({
      [`GET ${custodyPaths.lines}`]: () => {
        calls += 1;
        return calls === 1 ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code, '') : [lineOf()];
      },
    });
    const user = userEvent.setup();
    renderCustodyConfig(<BusinessLinesPage />, { language: 'zh-CN' });
    const failed = await screen.findByTestId('lines-load-error', {}, slow);
    expect(within(failed).getByText(errorMessage('serviceUnavailable', 'zh-CN'))).toBeTruthy();
    await user.click(within(failed).getByRole('button'));
    expect(await screen.findByText('OTC desk', {}, slow)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '业务线' })).toBeTruthy();
    expect(screen.getByTestId('line-reviewers-40').textContent).toBe('2（最少 2）');
  });

  it('applies the §5 rules of the contract before sending: name, admin e-mail, currencies, reviewers against the minimum', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderCustodyConfig(<BusinessLinesPage />);
    const form = await openAddForm(user);

    await fill(user, 'line-name', '   ');
    await fill(user, 'line-admin-email', 'not-an-email');
    await user.click(screen.getByTestId('line-form-submit'));
    await waitFor(() =>
      expect(fieldErrors(form)).toEqual([
        errorMessage('custodyLineNameInvalid', 'en', { max: 50 }),
        errorMessage('custodyAdminEmailInvalid', 'en'),
        'Choose at least one currency',
        errorMessage('custodyReviewersBelowMinimum', 'en', { min: 1 }),
      ]),
    );

    await fill(user, 'line-name', 'x'.repeat(51));
    await fill(user, 'line-min-reviewers', '3');
    await choose(user, 'line-reviewers', 'Ada Lovelace · ada@acme.test', 'Grace Hopper · grace@acme.test');
    await user.click(screen.getByTestId('line-form-submit'));
    await expectErrorAt('line-name', errorMessage('custodyLineNameInvalid', 'en', { max: 50 }));
    await expectErrorAt('line-reviewers', errorMessage('custodyReviewersBelowMinimum', 'en', { min: 3 }));
    expect(postedTo(fetchSpy, custodyPaths.lines)).toEqual([]);
  });

  it('checks limits (exact decimals at the coin scale, transaction ≤ day ≤ week ≤ month) and whitelist rows (tag, note ≤ 150)', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderCustodyConfig(<BusinessLinesPage />);
    await openAddForm(user);
    await fill(user, 'line-name', 'Treasury');
    await fill(user, 'line-admin-email', 'treasury@acme.test');
    await choose(user, 'line-currencies', 'BTC · Bitcoin');
    await choose(user, 'line-reviewers', 'Ada Lovelace · ada@acme.test');

    await user.click(screen.getByTestId('line-limit-add'));
    await choose(user, 'line-limit-0-asset', 'BTC');
    await fill(user, 'line-limit-0-perTransaction', '0.123456789');
    await fill(user, 'line-limit-0-perDay', '1');
    await fill(user, 'line-limit-0-perWeek', '0.5');
    await fill(user, 'line-limit-0-perMonth', '10');

    await user.click(screen.getByTestId('line-whitelist-add'));
    await choose(user, 'line-whitelist-0-asset', 'XRP');
    await fill(user, 'line-whitelist-0-address', 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    await fill(user, 'line-whitelist-0-tag', '12ab');
    await fill(user, 'line-whitelist-0-note', 'n'.repeat(151));
    await user.click(screen.getByTestId('line-form-submit'));

    await expectErrorAt('line-limit-0-perTransaction', 'A positive amount with at most 8 decimals');
    await expectErrorAt('line-limit-0-perWeek', 'Not below “Per day”');
    await expectErrorAt('line-whitelist-0-tag', errorMessage('invalidTag', 'en'));
    await expectErrorAt('line-whitelist-0-note', errorMessage('custodyNoteTooLong', 'en', { max: 150 }));
    expect(postedTo(fetchSpy, custodyPaths.lines)).toEqual([]);

    // Bitcoin takes no tag: its field is disabled and nothing is sent for it.
    await choose(user, 'line-whitelist-0-asset', 'BTC');
    expect((screen.getByTestId('line-whitelist-0-tag') as HTMLInputElement).disabled).toBe(true);
  });

  it('adds a line with the body of the contract: every field, amounts as decimal strings', async () => {
    const user = userEvent.setup();
    let lines: CustodyLine[] = [];
    const added = lineOf({ id: '42', name: 'Market making' });
    const fetchSpy = stubServer({
      [`GET ${custodyPaths.lines}`]: () => lines,
      [`POST ${custodyPaths.lines}`]: () => {
        lines = [added];
        return added;
      },
    });
    renderCustodyConfig(<BusinessLinesPage />);
    await openAddForm(user);
    await fill(user, 'line-name', '  Market making ');
    await fill(user, 'line-admin-email', ' mm@acme.test ');
    await choose(user, 'line-currencies', 'BTC · Bitcoin', 'USDT · Tether');
    await choose(user, 'line-accounts', 'Reserve cold · Cold storage');
    await fill(user, 'line-min-reviewers', '2');
    await choose(user, 'line-reviewers', 'Ada Lovelace · ada@acme.test', 'Grace Hopper · grace@acme.test');

    await user.click(screen.getByTestId('line-limit-add'));
    await choose(user, 'line-limit-0-asset', 'USDT');
    await fill(user, 'line-limit-0-perTransaction', '10,000.50');
    await fill(user, 'line-limit-0-perDay', '50000');
    await fill(user, 'line-limit-0-perWeek', '200000');
    await fill(user, 'line-limit-0-perMonth', '800000.123456');

    await user.click(screen.getByTestId('line-whitelist-add'));
    await choose(user, 'line-whitelist-0-asset', 'XRP');
    await fill(user, 'line-whitelist-0-address', ' rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe ');
    await fill(user, 'line-whitelist-0-tag', '12345');
    await fill(user, 'line-whitelist-0-note', 'Market maker');
    await user.click(screen.getByTestId('line-form-submit'));

    expect(await screen.findByText('Business line "Market making" added', {}, slow)).toBeTruthy();
    const [body] = postedTo(fetchSpy, custodyPaths.lines);
    expect(body).toEqual({
      name: 'Market making',
      adminEmail: 'mm@acme.test',
      currencies: ['BTC', 'USDT'],
      accountIds: ['8'],
      minReviewers: 2,
      reviewerMemberIds: ['100', '101'],
      limits: [{ asset: 'USDT', perTransaction: '10000.50', perDay: '50000', perWeek: '200000', perMonth: '800000.123456' }],
      whitelist: [{ asset: 'XRP', chain: 'xrpl', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', tag: '12345', note: 'Market maker' }],
    });
    expect(custodyLineBodySchema.safeParse(body).success).toBe(true);
    expect(await within(await screen.findByTestId('line-table')).findByText('Market making', {}, slow)).toBeTruthy();
  });

  it('edits a line from its current values', async () => {
    const user = userEvent.setup();
    const line = lineOf();
    const fetchSpy = stubServer({ [`POST ${linePath('40')}`]: { line, changeRequest: changeOf({ after: policy({ minReviewers: 1 }) }) } });
    renderCustodyConfig(<BusinessLinesPage />);
    await user.click(await screen.findByTestId('line-edit-40', {}, slow));
    await screen.findByTestId('line-form');
    expect((screen.getByTestId('line-name') as HTMLInputElement).value).toBe('OTC desk');
    expect((screen.getByTestId('line-limit-0-perDay') as HTMLInputElement).value).toBe('5');
    expect((screen.getByTestId('line-whitelist-0-address') as HTMLInputElement).value).toBe(line.whitelist[0]?.address);
    await fill(user, 'line-min-reviewers', '1');
    await user.click(screen.getByTestId('line-form-submit'));

    // The minimum reviewers is policy: the edit is sent for approval, not applied.
    expect(
      await screen.findByText('Business line “OTC desk” saved; its policy change was sent for approval (2 approvals needed)', {}, slow),
    ).toBeTruthy();
    expect(postedTo(fetchSpy, linePath('40'))).toEqual([
      {
        name: 'OTC desk',
        adminEmail: 'otc@acme.test',
        currencies: ['BTC', 'USDT'],
        accountIds: ['7'],
        minReviewers: 1,
        reviewerMemberIds: ['100', '101'],
        limits: [{ asset: 'BTC', perTransaction: '1.5', perDay: '5', perWeek: '20', perMonth: '50' }],
        whitelist: [{ asset: 'BTC', chain: 'bitcoin', address: line.whitelist[0]?.address, tag: '', note: 'Exchange hot wallet' }],
      },
    ]);
  });

  it('shows the server refusal at its field: a name already used (in the user language), a whitelist address invalid for its chain', async () => {
    const user = userEvent.setup();
    const nameTaken = errorMessage('custodyLineNameInvalid', 'ru', { max: 50 });
    let answer = new CustodyOrgEnvelope(errorCatalogue.custodyLineNameInvalid.code, nameTaken, { field: 'name' });
    stubServer({ [`POST ${linePath('40')}`]: () => answer });
    renderCustodyConfig(<BusinessLinesPage />, { language: 'ru' });
    await user.click(await screen.findByTestId('line-edit-40', {}, slow));
    await screen.findByTestId('line-form');
    await user.click(screen.getByTestId('line-form-submit'));
    await expectErrorAt('line-name', nameTaken);

    answer = new CustodyOrgEnvelope(errorCatalogue.invalidAddress.code, '', { field: 'whitelist.0.address' });
    await user.click(screen.getByTestId('line-form-submit'));
    await expectErrorAt('line-whitelist-0-address', errorMessage('invalidAddress', 'ru'));

    answer = new CustodyOrgEnvelope(errorCatalogue.custodyLimitInvalid.code, '', { field: 'limits.0' });
    await user.click(screen.getByTestId('line-form-submit'));
    await expectErrorAt('line-limit-0-asset', errorMessage('custodyLimitInvalid', 'ru'));

    answer = new CustodyOrgEnvelope(errorCatalogue.noMatchingData.code, '', { field: 'id' });
    await user.click(screen.getByTestId('line-form-submit'));
    expect((await screen.findByTestId('line-form-error', {}, slow)).textContent).toBe(errorMessage('noMatchingData', 'ru'));
    expect(screen.getByTestId('line-form')).toBeTruthy();
  });

  it('shows pending changes (who, before → after, approvals in and required) and lets an eligible member approve or reject', async () => {
    const user = userEvent.setup();
    const mine = changeOf();
    const theirs = changeOf({
      id: '71',
      kind: 'unfreeze',
      lineId: null,
      lineName: null,
      mayApprove: [],
      counted: 1,
      approvals: [
        { memberId: '100', memberName: 'Ada Lovelace', decision: 'approve', opinion: '', counts: true, at: '2026-11-20T11:00:00.000Z' },
      ],
      before: { frozenAt: '2026-11-20T09:00:00.000Z' },
      after: { frozenAt: null },
    });
    const fetchSpy = stubServer({
      [custodyPaths.changeRequests]: { organisationFrozenAt: null, requests: [mine, theirs] } satisfies CustodyChangeBoard,
      [custodyPaths.approveChange.replace(':id', '70')]: { ...mine, counted: 1 },
      [custodyPaths.rejectChange.replace(':id', '70')]: { ...mine, state: 'rejected' },
    });
    renderCustodyConfig(<BusinessLinesPage />);

    const card = await screen.findByTestId('change-70', {}, slow);
    expect(card.textContent).toContain('Policy change');
    expect(card.textContent).toContain('Proposed by Ada Lovelace');
    expect(card.textContent).toContain('Minimum reviewers: 2 → 3');
    expect(card.textContent).toContain('BTC limits: 1.5 / 5 / 20 / 50 → 2 / 5 / 20 / 50');
    expect(within(card).getByTestId('change-approvals-70').textContent).toBe('0 of 2 approvals');
    const other = screen.getByTestId('change-71');
    expect(other.textContent).toContain('Whole organisation');
    expect(other.textContent).toContain('unfrozen');
    expect(within(other).getByTestId('change-approvals-71').textContent).toBe('1 of 2 approvals');
    // Only a member who may still approve sees the buttons.
    expect(within(other).queryByTestId('change-approve-71')).toBeNull();

    await user.click(within(card).getByTestId('change-approve-70'));
    expect(await screen.findByText('Approved: 1 of 2 approvals', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, custodyPaths.approveChange.replace(':id', '70'))).toEqual([{ opinion: '' }]);

    await user.click(within(card).getByTestId('change-reject-70'));
    const confirm = await screen.findByTestId('change-reject-confirm');
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByTestId('change-reject-opinion'), 'Limits too high');
    await user.click(screen.getByTestId('change-reject-confirm'));
    expect(await screen.findByText('Change rejected', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, custodyPaths.rejectChange.replace(':id', '70'))).toEqual([{ opinion: 'Limits too high' }]);
  });

  it('freezes a line and the organisation after a confirmation, and asks the quorum to unfreeze', async () => {
    const user = userEvent.setup();
    const frozenLine = lineOf({ id: '41', name: 'Payroll', frozenAt: '2026-11-20T09:00:00.000Z' });
    const fetchSpy = stubServer({
      [`GET ${custodyPaths.lines}`]: [lineOf(), frozenLine],
      [custodyPaths.freezeLine.replace(':id', '40')]: lineOf({ frozenAt: '2026-11-21T09:00:00.000Z' }),
      [custodyPaths.unfreezeLine.replace(':id', '41')]: changeOf({ id: '72', kind: 'unfreeze', lineId: '41', required: 2 }),
      [custodyPaths.freezeOrganisation]: { frozenAt: '2026-11-21T09:00:00.000Z' },
    });
    renderCustodyConfig(<BusinessLinesPage />);

    const table = await screen.findByTestId('line-table', {}, slow);
    expect(within(table).getByTestId('line-frozen-41').textContent).toBe('Frozen');
    expect(within(table).queryByTestId('line-frozen-40')).toBeNull();

    await user.click(within(table).getByTestId('line-freeze-40'));
    expect(await screen.findByText('Freeze “OTC desk” now?', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, custodyPaths.freezeLine.replace(':id', '40'))).toEqual([]);
    await user.click(await screen.findByTestId('line-freeze-confirm-40'));
    expect(await screen.findByText('Business line “OTC desk” frozen', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, custodyPaths.freezeLine.replace(':id', '40'))).toHaveLength(1);

    await user.click(within(table).getByTestId('line-unfreeze-41'));
    await user.click(await screen.findByTestId('line-unfreeze-confirm-41'));
    expect(await screen.findByText('Unfreezing sent for approval (2 approvals needed)', {}, slow)).toBeTruthy();

    await user.click(screen.getByTestId('organisation-freeze'));
    expect(await screen.findByText('Freeze the whole organisation now?', {}, slow)).toBeTruthy();
    await user.click(await screen.findByTestId('organisation-freeze-confirm'));
    expect(await screen.findByText('Organisation frozen', {}, slow)).toBeTruthy();
    expect(postedTo(fetchSpy, custodyPaths.freezeOrganisation)).toHaveLength(1);
  });

  it('shows a frozen organisation with a banner and offers to ask for its unfreezing', async () => {
    stubServer({
      [custodyPaths.changeRequests]: { organisationFrozenAt: '2026-11-21T09:00:00.000Z', requests: [] } satisfies CustodyChangeBoard,
    });
    renderCustodyConfig(<BusinessLinesPage />);
    expect((await screen.findByTestId('organisation-frozen', {}, slow)).textContent).toContain('The organisation has been frozen since');
    expect(screen.getByTestId('organisation-unfreeze').textContent).toBe('Unfreeze organisation');
    expect(screen.queryByTestId('organisation-freeze')).toBeNull();
    expect(screen.getByTestId('change-requests').textContent).toContain('No change is waiting for approval.');
  });
});
