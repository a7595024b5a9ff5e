import type { PreWithdraw } from '@coffer/contract';
import { depositPaths } from '@coffer/contract/deposit-paths';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import type * as LockEndTime from '../../../shared/format/lock-end-time';
import { bookEntry, openCheck, testDwOptions, usdtLimit, withdrawalRecord, xrpLimit } from '../../../../test/funds-fixtures';
import { callsTo, Envelope, stubFundsApi, type FundsAnswer } from '../components/funds-test-server';
import { WithdrawPage } from './withdraw-page';

/** Under load, antd pages in jsdom take a few seconds to settle. */
const slow = { timeout: 5_000 };
const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

// The user's time zone is the browser's; here it is fixed, so the lock end has one right answer.
vi.mock('../../../shared/format/lock-end-time', async (importOriginal) => ({
  ...(await importOriginal<typeof LockEndTime>()),
  userTimeZone: () => 'Asia/Shanghai',
}));

afterEach(() => {
  vi.restoreAllMocks();
});

function stubServer(overrides: Record<string, FundsAnswer> = {}) {
  return stubFundsApi({
    [depositPaths.dwOption]: testDwOptions,
    [withdrawalPaths.userCanWithdraw]: openCheck,
    [withdrawalPaths.canWithdraw]: ({ url }: { url: URL }) => ({
      coin: url.searchParams.get('coin'),
      chain: url.searchParams.get('chain'),
      canWithdraw: true,
      reasonCode: null,
    }),
    [withdrawalPaths.userWithdrawLimit]: ({ url }: { url: URL }) => (url.searchParams.get('coin') === 'XRP' ? xrpLimit : usdtLimit),
    [withdrawalPaths.withdrawAddresses]: [],
    [withdrawalPaths.withdrawals]: { pageNo: 1, pageSize: 10, total: 0, records: [] },
    [withdrawalPaths.preWithdraw]: ({
      body,
    }: {
      body: { coin: string; chain: string; address: string; tag?: string; amount: string };
    }): PreWithdraw => ({
      coin: body.coin,
      chain: body.chain,
      address: body.address,
      tag: body.tag ?? null,
      amount: body.amount,
      fee: body.coin === 'XRP' ? '0.25' : '2',
      totalDebit: body.coin === 'XRP' ? '50.25' : '27',
      available: '100',
      usdValue: '125',
      isInner: false,
      innerAccountMasked: null,
      needsTagConfirmation: body.coin === 'XRP' && !body.tag,
      skipsVerification: false,
      needsSecondConfirmation: false,
      secondFactor: 'ga',
    }),
    ...overrides,
  });
}

async function chooseXrp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('combobox', { name: 'Coin' }));
  await user.click(await screen.findByTitle('XRP XRP', {}, slow));
  await screen.findByTestId('withdraw-tag', {}, slow);
}

// antd pages render slowly in jsdom on a shared machine; each test still waits only for what it needs.
describe('WithdrawPage', { timeout: 25_000 }, () => {
  it('shows available, fee and limit, and refuses an amount under the minimum or over the available balance without asking the server', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw', url: '/propertyCenter/withdraw?coin=USDT' });

    expect((await screen.findByTestId('withdraw-available', {}, slow)).textContent).toBe('100.00 USDT');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('2.00 USDT');
    expect(screen.getByTestId('withdraw-minimum').textContent).toBe('10.00 USDT');
    expect(screen.getByTestId('withdraw-daily-left').textContent).toBe('$2,000.00 of $2,000.00');

    await user.type(screen.getByTestId('withdraw-address'), receiver);
    await user.type(screen.getByTestId('withdraw-amount'), '5');
    await user.click(screen.getByTestId('withdraw-next'));
    expect(await screen.findByText('The minimum withdrawal is 10.00 USDT', {}, slow)).toBeTruthy();

    // 99 + the 2 USDT fee is more than the 100 available; "All" gives what fits.
    await user.clear(screen.getByTestId('withdraw-amount'));
    await user.type(screen.getByTestId('withdraw-amount'), '99');
    await user.click(screen.getByTestId('withdraw-next'));
    expect(await screen.findByText('Insufficient withdrawable amount (the fee included)', {}, slow)).toBeTruthy();
    await user.click(screen.getByTestId('withdraw-all'));
    expect((screen.getByTestId('withdraw-amount') as HTMLInputElement).value).toBe('98');
    expect(screen.getByTestId('withdraw-total').textContent).toBe('100.00 USDT');

    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.preWithdraw)).toHaveLength(0);
  });

  it('asks for confirmation before an XRP withdrawal without a tag, then withdraws once with the fund password and authenticator code', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer({
      'POST /wallet/client/withdraw/XRP/xrpl': {
        record: withdrawalRecord({ coin: 'XRP', chain: 'xrpl', amount: '50', fee: '0.25', address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe' }),
        confirmationCode: null,
      },
    });
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw' });
    await screen.findByTestId('withdraw-available', {}, slow);
    await chooseXrp(user);

    await user.type(screen.getByTestId('withdraw-address'), 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    await user.type(screen.getByTestId('withdraw-amount'), '50');
    await user.click(screen.getByTestId('withdraw-next'));

    expect(await screen.findByTestId('withdraw-empty-tag', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.preWithdraw)).toHaveLength(0);
    await user.click(screen.getByTestId('withdraw-empty-tag-continue'));

    const confirm = await screen.findByTestId('withdraw-confirm', {}, slow);
    expect(within(confirm).getByText('None (confirmed)')).toBeTruthy();
    await user.type(screen.getByTestId('withdraw-fund-password'), '258147');
    await user.type(screen.getByTestId('withdraw-ga-code'), '123456');
    await user.dblClick(screen.getByTestId('withdraw-submit'));

    expect((await screen.findByTestId('withdraw-serial', {}, slow)).textContent).toBe('WD2026030100000007');
    const sent = callsTo(fetchSpy, 'POST', '/wallet/client/withdraw/XRP/xrpl');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
      amount: '50',
      confirmEmptyTag: true,
      fundPassword: '258147',
      gaCode: '123456',
    });
    expect((sent[0] as { tag?: string }).tag).toBeUndefined();
  });

  it('asks for the second confirmation of a large withdrawal and confirms it by its serial number', async () => {
    const user = userEvent.setup();
    const awaiting = withdrawalRecord({ amount: '60', status: 'awaitingConfirmation', confirmBefore: '2099-03-01T16:00:00.000Z' });
    const fetchSpy = stubServer({
      [withdrawalPaths.preWithdraw]: ({ body }: { body: { address: string; amount: string } }): PreWithdraw => ({
        coin: 'USDT',
        chain: 'ethereum',
        address: body.address,
        tag: null,
        amount: body.amount,
        fee: '2',
        totalDebit: '62',
        available: '100',
        usdValue: '60',
        isInner: false,
        innerAccountMasked: null,
        needsTagConfirmation: false,
        skipsVerification: false,
        needsSecondConfirmation: true,
        secondFactor: 'ga',
      }),
      'POST /wallet/client/withdraw/USDT/ethereum': { record: awaiting, confirmationCode: -10071 },
      [withdrawalPaths.confirmWithdrawal]: { record: { ...awaiting, status: 'processing', confirmBefore: null }, confirmationCode: null },
    });
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw', url: '/propertyCenter/withdraw?coin=USDT' });

    await user.type(await screen.findByTestId('withdraw-address', {}, slow), receiver);
    await user.type(screen.getByTestId('withdraw-amount'), '60');
    await user.click(screen.getByTestId('withdraw-next'));
    expect(await screen.findByTestId('withdraw-large-notice', {}, slow)).toBeTruthy();
    await user.type(screen.getByTestId('withdraw-fund-password'), '258147');
    await user.type(screen.getByTestId('withdraw-ga-code'), '123456');
    await user.click(screen.getByTestId('withdraw-submit'));

    expect(await screen.findByText('Confirm this large withdrawal', {}, slow)).toBeTruthy();
    await user.click(screen.getByTestId('withdraw-second-confirm'));
    expect(await screen.findByText('Withdrawal submitted', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.confirmWithdrawal)).toEqual([{ serialNumber: 'WD2026030100000007' }]);
  });

  it('refuses, on the internal tab, an address that is not a Coffer deposit address', async () => {
    const user = userEvent.setup();
    stubServer();
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw', url: '/propertyCenter/withdraw?coin=USDT' });

    await screen.findByTestId('withdraw-available', {}, slow);
    await user.click(screen.getByTestId('withdraw-tab-internal'));
    expect((await screen.findByTestId('withdraw-fee', {}, slow)).textContent).toBe('None (internal)');
    await user.type(screen.getByTestId('withdraw-address'), receiver);
    await user.type(screen.getByTestId('withdraw-amount'), '20');
    await user.click(screen.getByTestId('withdraw-next'));

    expect(
      await screen.findByText('This is not the deposit address of a Coffer account; use an ordinary withdrawal', {}, slow),
    ).toBeTruthy();
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
  });

  it('fills the address and tag from the address book of the chosen network', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer({
      [withdrawalPaths.withdrawAddresses]: ({ url }: { url: URL }) =>
        url.searchParams.get('chain') === 'xrpl'
          ? [
              bookEntry({
                id: '21',
                chain: 'xrpl',
                address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
                tag: '4242',
                note: 'Bitstamp',
                trusted: true,
              }),
            ]
          : [],
    });
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw' });
    await screen.findByTestId('withdraw-available', {}, slow);
    await chooseXrp(user);

    await user.click(screen.getByTestId('withdraw-address-book'));
    await user.click(await screen.findByTestId('address-book-item-21', {}, slow));
    expect((screen.getByTestId('withdraw-address') as HTMLInputElement).value).toBe('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    expect((screen.getByTestId('withdraw-tag') as HTMLInputElement).value).toBe('4242');
    expect(callsTo(fetchSpy, 'GET', withdrawalPaths.withdrawAddresses).length).toBeGreaterThan(0);
  });

  it('intercepts with what is missing and links to the screens that put it right', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer({
      [withdrawalPaths.userCanWithdraw]: {
        ...openCheck,
        canWithdraw: false,
        interceptions: [
          { kind: 'phoneNotBound', code: 17000011 },
          { kind: 'identityNotVerified', code: -10093 },
        ],
      },
    });
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw' });

    const dialog = await screen.findByTestId('withdraw-interception-body', {}, slow);
    expect(within(dialog).getByText('Please bind a phone number before withdrawing')).toBeTruthy();
    expect(within(dialog).getByText('Identity verification is required')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Bind phone' }).getAttribute('href')).toBe('/propertyCenter/securitySetting/bindPhone');
    expect(within(dialog).getByRole('link', { name: 'Verify identity' }).getAttribute('href')).toBe('/propertyCenter/identification');

    await user.click(screen.getByRole('button', { name: 'Got it' }));
    await user.type(screen.getByTestId('withdraw-address'), receiver);
    await user.type(screen.getByTestId('withdraw-amount'), '20');
    await user.click(screen.getByTestId('withdraw-next'));
    expect(await screen.findByTestId('withdraw-interception-body', {}, slow)).toBeTruthy();
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.preWithdraw)).toHaveLength(0);
  });

  it('says withdrawals are forbidden when the check answers -10094, and shows the 24-hour lock with its end', async () => {
    stubServer({ [withdrawalPaths.userCanWithdraw]: new Envelope(-10094, null, 'forbidden') });
    const first = renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw' });
    expect((await screen.findByTestId('withdraw-interception-body', {}, slow)).textContent).toBe(
      'Withdrawals are currently forbidden for this account',
    );
    first.unmount();
    vi.restoreAllMocks();

    stubServer({
      [withdrawalPaths.userCanWithdraw]: {
        ...openCheck,
        canWithdraw: false,
        forbiddenCode: -10102,
        lockedUntil: '2099-01-01T00:00:00.000Z',
      },
    });
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw' });
    const lock = await screen.findByTestId('withdraw-interception-body', {}, slow);
    expect(lock.textContent).toContain('Withdrawals are forbidden within 24 hours of a security change');
    expect(lock.textContent).toContain('You can withdraw again after');
  });

  it('shows, during the 24-hour lock, every missing requirement with its link and the lock end in the user’s time zone', async () => {
    stubServer({
      [withdrawalPaths.userCanWithdraw]: {
        ...openCheck,
        canWithdraw: false,
        forbiddenCode: -10102,
        lockedUntil: '2099-03-02T09:15:20.000Z',
        interceptions: [
          { kind: 'phoneNotBound', code: 17000011 },
          { kind: 'fundPasswordNotSet', code: -10097 },
          { kind: 'identityNotVerified', code: -10093 },
        ],
      },
    });
    renderPage(<WithdrawPage />, { path: '/propertyCenter/withdraw' });

    const dialog = await screen.findByTestId('withdraw-interception-body', {}, slow);
    expect(screen.getByTestId('withdraw-blocked').textContent).toContain('Withdrawals are paused for 24 hours');
    // The browser's zone (Asia/Shanghai here): 09:15:20 UTC ends at 17:16 there.
    expect(
      within(dialog)
        .getByTestId('intercept-lock-end')
        .textContent?.replace(/[\u202f\u00a0]/g, ' '),
    ).toBe('Mar 2, 2099, 5:16 PM GMT+8');
    expect(within(dialog).getByRole('link', { name: 'Bind phone' }).getAttribute('href')).toBe('/propertyCenter/securitySetting/bindPhone');
    expect(within(dialog).getByRole('link', { name: 'Set fund password' }).getAttribute('href')).toBe(
      '/propertyCenter/securitySetting/fundPassword',
    );
    expect(within(dialog).getByRole('link', { name: 'Verify identity' }).getAttribute('href')).toBe('/propertyCenter/identification');
    expect(within(dialog).getByText('Please bind a phone number before withdrawing')).toBeTruthy();
    expect(within(dialog).getByText('Please set a fund password first')).toBeTruthy();
    expect(within(dialog).getByText('Identity verification is required')).toBeTruthy();
  });
});
