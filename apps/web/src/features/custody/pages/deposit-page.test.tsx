import { custodyPaths, depositPaths, errorCatalogue, errorMessage, type CustodyDepositAddress } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDwOptions, testUsdtAddress, testXrpAddress } from '../../../../test/funds-fixtures';
import { accounts, choose } from '../components/custody-config-test-kit';
import { renderCustodyMoney, requestedUrls, stubMoneyApi } from '../components/custody-money-test-kit';
import { CustodyOrgEnvelope } from '../components/custody-org-test-kit';
import { meOf } from '../components/custody-test-kit';
import { DepositPage } from './deposit-page';

const slow = { timeout: 5_000 };
const addressPath = (accountId: string) => custodyPaths.depositAddress.replace(':id', accountId);

/** Each account's own address: the account's id is in the answer and in the address's last digits. */
function addressOf(accountId: string, url: URL): CustodyDepositAddress {
  const base = url.searchParams.get('coin') === 'XRP' ? testXrpAddress : testUsdtAddress;
  return { ...base, address: `${base.address.slice(0, -1)}${accountId}`, accountId };
}

function stubServer(answers: Record<string, unknown> = {}) {
  return stubMoneyApi({
    [custodyPaths.me]: meOf(['orders', 'accounts']),
    [custodyPaths.accounts]: accounts,
    [depositPaths.dwOption]: testDwOptions,
    [`GET ${addressPath('7')}`]: ({ url }: { url: URL }) => addressOf('7', url),
    [`GET ${addressPath('8')}`]: ({ url }: { url: URL }) => addressOf('8', url),
    ...answers,
  });
}

const renderAt = (url = '/custody/deposit', language?: 'en' | 'ru' | 'zh-CN' | 'zh-TW') =>
  renderCustodyMoney(<DepositPage />, { path: '/custody/deposit', url, language });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('custody DepositPage', { timeout: 60_000 }, () => {
  it("shows the first account's address on USDT's network: QR code, minimum, confirmations, the warnings and a copy button", async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    renderAt();
    const address = await screen.findByTestId('deposit-address', {}, slow);
    expect(address.textContent).toBe('0x8ba1f109551bD432803012645Ac136ddd64DBA77');
    expect(requestedUrls(spy, addressPath('7')).map((url) => url.search)).toEqual(['?coin=USDT&chain=ethereum']);
    expect(screen.getByTestId('deposit-credited-to').textContent).toBe('Credited to Treasury hot · Hot storage · Enterprise');
    expect(screen.getByTestId('deposit-qr').getAttribute('src')).toBe(testUsdtAddress.qrCode);
    expect(screen.getByAltText('QR code of the USDT deposit address of Treasury hot')).toBeTruthy();
    expect(screen.getByTestId('deposit-minimum').textContent).toBe('1.00 USDT');
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe('12');
    const notes = screen.getByTestId('deposit-notes').textContent ?? '';
    expect(notes).toContain('Send only USDT on Ethereum (ERC-20) to this address; other coins or networks may be lost.');
    expect(notes).toContain('Deposits below 1.00 USDT are recorded but not credited.');
    expect(notes).toContain('Deposits to this address are credited to Treasury hot only');
    expect(notes).toContain('pending credit');
    // Ethereum takes no tag.
    expect(screen.queryByTestId('deposit-memo')).toBeNull();

    await user.click(screen.getByTestId('deposit-copy-address'));
    expect(await navigator.clipboard.readText()).toBe('0x8ba1f109551bD432803012645Ac136ddd64DBA77');
    expect((await screen.findByText('Copied', {}, slow)).textContent).toBe('Copied');
  });

  it('switches account and coin, keeps them in the address, and shows the XRP tag with its warning', async () => {
    const user = userEvent.setup();
    const spy = stubServer();
    const { router } = renderAt();
    await screen.findByTestId('deposit-address', {}, slow);

    await choose(user, 'deposit-account', 'Reserve cold · Cold storage · Prime');
    await waitFor(() => expect(screen.getByTestId('deposit-address').textContent).toBe('0x8ba1f109551bD432803012645Ac136ddd64DBA78'));
    expect(router.state.location.search).toBe('?account=8&coin=USDT&chain=ethereum');

    await user.click(screen.getByRole('combobox', { name: 'Coin' }));
    await user.click(await screen.findByTitle('XRP XRP', {}, slow));
    expect((await screen.findByTestId('deposit-memo', {}, slow)).textContent).toBe('100042');
    expect(screen.getByTestId('deposit-memo-warning').textContent).toContain('will not be credited');
    expect(screen.getByTestId('deposit-address').textContent).toBe('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAY8');
    expect(router.state.location.search).toBe('?account=8&coin=XRP&chain=xrpl');
    expect(requestedUrls(spy, addressPath('8')).map((url) => url.search)).toEqual(['?coin=USDT&chain=ethereum', '?coin=XRP&chain=xrpl']);
  });

  it('opens the account and network named in the address, in Russian', async () => {
    stubServer();
    renderAt('/custody/deposit?account=8&coin=XRP&chain=xrpl', 'ru');
    expect((await screen.findByTestId('deposit-memo', {}, slow)).textContent).toBe('100042');
    expect(screen.getByTestId('deposit-credited-to').textContent).toBe('Зачисляется на Reserve cold · Холодное хранение · Prime');
    expect(screen.getByRole('heading', { name: 'Пополнение' })).toBeTruthy();
  });

  it('without accounts points an admin to common settings', async () => {
    stubServer({ [custodyPaths.accounts]: [] });
    renderAt('/custody/deposit', 'zh-CN');
    const none = await screen.findByTestId('deposit-no-accounts', {}, slow);
    expect(none.textContent).toContain('暂无托管账户。充币需要一个入账账户。');
    expect(await within(none).findByRole('link', { name: '在通用设置中开立托管账户' }, slow)).toBeTruthy();
  });

  it('shows the skeleton while loading, and a refused address with its message and no retry', async () => {
    stubServer({
      [`GET ${addressPath('7')}`]: new CustodyOrgEnvelope(errorCatalogue.depositNotAvailable.code),
    });
    renderAt();
    expect(screen.getByTestId('deposit-loading')).toBeTruthy();
    const refused = await screen.findByTestId('deposit-address-error', {}, slow);
    expect(refused.textContent).toContain(errorMessage('depositNotAvailable', 'en'));
    expect(within(refused).queryByRole('button')).toBeNull();
  });

  it('offers a retry when the accounts could not be loaded', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubServer({
      [custodyPaths.accounts]: () => {
        calls += 1;
        return calls === 1 ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code) : accounts;
      },
    });
    renderAt();
    const failed = await screen.findByTestId('deposit-load-error', {}, slow);
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('deposit-address', {}, slow)).toBeTruthy();
  });
});
