import {
  custodyOrderBodySchema,
  custodyOrderDraftSchema,
  custodyPaths,
  depositPaths,
  errorCatalogue,
  errorMessage,
  walletPaths,
} from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts, choose, currencies, expectErrorAt, fill, networkOptions } from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { answerOf, detailOf, orderLines, orderOf, renderCustodyOrders } from '../components/custody-orders-test-kit';
import { meOf } from '../components/custody-test-kit';
import { WithdrawPage } from './withdraw-page';

const slow = { timeout: 5_000 };

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [custodyPaths.me]: meOf(['orders']),
    [custodyPaths.orderLines]: orderLines,
    [custodyPaths.accounts]: accounts,
    [depositPaths.dwOption]: networkOptions,
    [walletPaths.currencies]: currencies,
    [`POST ${custodyPaths.orderDryRun}`]: answerOf(),
    [`POST ${custodyPaths.orders}`]: detailOf({ order: orderOf({ id: '77', serialNo: 'WO77' }) }),
    ...answers,
  });
}

const renderWithdraw = (language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyOrders(<WithdrawPage />, { path: '/custody/withdraw', language });

async function fillOrder(user: UserEvent, amount = '1250.5') {
  await screen.findByTestId('withdraw-form', {}, slow);
  await choose(user, 'withdraw-line', 'Payroll');
  await choose(user, 'withdraw-account', 'Treasury hot');
  await choose(user, 'withdraw-coin', 'USDT');
  await fill(user, 'withdraw-amount', amount);
  await fill(user, 'withdraw-address', '0x52908400098527886E0F7030069857D2E4169EE7');
  await fill(user, 'withdraw-note', 'November payroll');
}

/** The option labels a select offers, read from its open dropdown (then closed). */
async function optionsOf(user: UserEvent, testId: string): Promise<string[]> {
  const combobox = within(screen.getByTestId(testId)).getByRole('combobox');
  await user.click(combobox);
  const labels = await waitFor(() => {
    const dropdown = document.getElementById(combobox.getAttribute('aria-controls') ?? '')?.closest('.ant-select-dropdown');
    const found = [...(dropdown?.querySelectorAll('.ant-select-item-option-content') ?? [])].map((element) => element.textContent ?? '');
    if (found.length === 0) throw new Error(`no options for ${testId}`);
    return found;
  }, slow);
  await user.keyboard('{Escape}');
  return labels;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('WithdrawPage', { timeout: 60_000 }, () => {
  it('shows the loading state, then the form and a dry run waiting for the order', async () => {
    stubServer();
    renderWithdraw();
    expect(screen.getByTestId('withdraw-loading')).toBeTruthy();
    await screen.findByTestId('withdraw-form', {}, slow);
    expect(screen.getByTestId('withdraw-dry-run').textContent).toContain('Fill in the business line');
  });

  it('shows a load error with a retry, and the empty state without business lines', async () => {
    stubServer({ [custodyPaths.accounts]: new CustodyOrgEnvelope(500, 'boom') });
    const first = renderWithdraw();
    expect(await screen.findByTestId('withdraw-load-error', {}, slow)).toBeTruthy();
    first.unmount();
    vi.restoreAllMocks();
    stubServer({ [custodyPaths.orderLines]: [] });
    renderWithdraw();
    expect((await screen.findByTestId('withdraw-unavailable', {}, slow)).textContent).toContain('no business line yet');
  });

  it('reads the lines with orders only: the chosen line narrows accounts and coins and shows its coins, reviewers and limits', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderWithdraw();
    await screen.findByTestId('withdraw-form', {}, slow);
    const asked = spy.mock.calls.map(
      ([input]) => new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname,
    );
    expect(asked).toContain(custodyPaths.orderLines);
    expect(asked).not.toContain(custodyPaths.lines);
    expect(asked).not.toContain(custodyPaths.overview);
    await choose(user, 'withdraw-line', 'Treasury');
    const summary = await screen.findByTestId('withdraw-line-summary', {}, slow);
    expect(summary.textContent).toContain('Coins:BTC');
    expect(summary.textContent).toContain('Approvals required: 1');
    expect(summary.textContent).toContain('This business line sets no limits.');
    expect(await optionsOf(user, 'withdraw-account')).toEqual(['Reserve cold']);
    expect(await optionsOf(user, 'withdraw-coin')).toEqual(['BTC']);
    await choose(user, 'withdraw-line', 'Payroll');
    await choose(user, 'withdraw-coin', 'USDT');
    const limits = await screen.findByTestId('line-limits', {}, slow);
    expect(limits.textContent).toContain('USDT');
    expect(limits.textContent).toContain('5,000');
    expect(limits.textContent).toContain('150,000');
  });

  it('asks the dry run for the draft and shows pass, the limit windows and who may approve', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderWithdraw();
    await fillOrder(user);
    const panel = await screen.findByTestId('policy-answer', {}, slow);
    expect(panel.getAttribute('data-verdict')).toBe('pass');
    expect(screen.getByTestId('policy-verdict').textContent).toBe('Passes every rule; then approvals needed: 2');
    const day = screen.getByTestId('policy-limit-day');
    expect(day.textContent).toContain('10,000');
    expect(day.textContent).toContain('7,000');
    expect(day.textContent).toContain('3,000');
    expect(within(screen.getByTestId('policy-may-approve')).getByText('Bo Reviewer')).toBeTruthy();
    const drafts = postedTo(spy, custodyPaths.orderDryRun);
    const last = drafts.at(-1);
    expect(custodyOrderDraftSchema.safeParse(last).success).toBe(true);
    expect(last).toEqual({
      lineId: '1',
      accountId: '7',
      coin: 'USDT',
      chain: 'ethereum',
      amount: '1250.5',
      address: '0x52908400098527886E0F7030069857D2E4169EE7',
      tag: '',
      note: 'November payroll',
    });
  });

  it('shows a refusal of the dry run with the rule and its message', async () => {
    const user = userEvent.setup();
    const message = errorMessage('custodyPolicyDayLimit', 'en', { remaining: '3000 USDT' });
    stubServer({
      [`POST ${custodyPaths.orderDryRun}`]: answerOf({ verdict: 'refused', rule: 'day', code: 15000076, message }),
    });
    renderWithdraw();
    await fillOrder(user, '4000');
    await waitFor(() => expect(screen.getByTestId('policy-answer').getAttribute('data-verdict')).toBe('refused'), slow);
    expect(screen.getByTestId('policy-verdict').textContent).toBe('Refused by a policy rule');
    expect(screen.getByTestId('policy-reason').textContent).toContain('Daily limit:');
    expect(screen.getByTestId('policy-reason').textContent).toContain(message);
  });

  it('checks the amount and the note before anything is sent', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderWithdraw();
    await screen.findByTestId('withdraw-form', {}, slow);
    await user.click(screen.getByTestId('withdraw-submit'));
    await expectErrorAt('withdraw-line', 'Choose a business line');
    await expectErrorAt('withdraw-address', 'Enter the recipient address');
    await choose(user, 'withdraw-coin', 'USDT');
    await fill(user, 'withdraw-amount', '1.1234567');
    await expectErrorAt('withdraw-amount', 'USDT takes at most 6 decimals');
    await fill(user, 'withdraw-note', 'x'.repeat(151));
    await expectErrorAt('withdraw-note', 'A note has at most 150 characters');
    expect(postedTo(spy, custodyPaths.orders)).toHaveLength(0);
  });

  it('submits the body of the contract with one request id per form, then opens the order', async () => {
    const user = userEvent.setup();
    let answer: unknown = new CustodyOrgEnvelope(errorCatalogue.custodyPolicyNotWhitelisted.code, 'not whitelisted');
    const spy = stubServer({ [`POST ${custodyPaths.orders}`]: () => answer });
    renderWithdraw();
    await fillOrder(user);
    await user.click(screen.getByTestId('withdraw-submit'));
    await expectErrorAt('withdraw-address', errorMessage('custodyPolicyNotWhitelisted', 'en'));
    answer = detailOf({ order: orderOf({ id: '77', serialNo: 'WO77' }) });
    await user.click(screen.getByTestId('withdraw-submit'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/custody/withdrawOrders/77/review'), slow);
    const bodies = postedTo(spy, custodyPaths.orders) as { requestId: string }[];
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(custodyOrderBodySchema.safeParse(body).success).toBe(true);
    expect(bodies[0]?.requestId).toBe(bodies[1]?.requestId);
    expect(bodies[1]).toMatchObject({ lineId: '1', accountId: '7', coin: 'USDT', chain: 'ethereum', amount: '1250.5' });
  });

  it('speaks Russian and shows a server refusal of the policy engine at the amount', async () => {
    const user = userEvent.setup();
    const message = errorMessage('custodyPolicyPerTransactionLimit', 'ru', { limit: '5000 USDT' });
    stubServer({
      [`POST ${custodyPaths.orders}`]: new CustodyOrgEnvelope(errorCatalogue.custodyPolicyPerTransactionLimit.code, message),
    });
    renderWithdraw('ru');
    await fillOrder(user, '6000');
    expect(screen.getByTestId('custody-withdraw-page').textContent).toContain('Разовый вывод');
    await user.click(screen.getByTestId('withdraw-submit'));
    await expectErrorAt('withdraw-amount', message);
  });
});
