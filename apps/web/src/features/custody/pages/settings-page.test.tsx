import {
  custodyAccountBodySchema,
  custodyPaths,
  custodySettingsSchema,
  errorCatalogue,
  errorMessage,
  type CustodyAccount,
} from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { meOf } from '../components/custody-test-kit';
import { accountOf, accounts, expectErrorAt, fill, renderCustodyConfig, settingsOf } from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { SettingsPage } from './settings-page';

const slow = { timeout: 5_000 };
const admin = meOf(['orders', 'review', 'trade', 'assetReport', 'members', 'addresses', 'lines', 'settings', 'accounts']);

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [custodyPaths.me]: admin,
    [`GET ${custodyPaths.settings}`]: settingsOf(),
    [`GET ${custodyPaths.accounts}`]: accounts,
    ...answers,
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SettingsPage', { timeout: 60_000 }, () => {
  it('shows the common settings and the custody accounts with storage, type and addresses of 200', async () => {
    stubServer({
      [`GET ${custodyPaths.settings}`]: settingsOf({ requireHardwareKey: true, sessionMinutes: 45, consoleIps: '203.0.113.10' }),
    });
    renderCustodyConfig(<SettingsPage />);

    await screen.findByTestId('settings-form', {}, slow);
    expect(screen.getByTestId('settings-hardware-key').getAttribute('aria-checked')).toBe('true');
    expect((screen.getByTestId('settings-session') as HTMLInputElement).value).toBe('45');
    expect((screen.getByTestId('settings-ips') as HTMLTextAreaElement).value).toBe('203.0.113.10');

    const table = await screen.findByTestId('account-table', {}, slow);
    expect(within(table).getByText('Treasury hot')).toBeTruthy();
    expect(within(table).getByTestId('account-kind-7').textContent).toBe('Hot storage');
    expect(within(table).getByTestId('account-tier-8').textContent).toBe('Prime');
    expect(within(table).getByTestId('account-addresses-7').textContent).toBe('2 / 200');
    expect(await screen.findByTestId('account-add', {}, slow)).toBeTruthy();
  });

  it('lets a member without the accounts permission see the accounts but not open one; shows the empty state', async () => {
    stubServer({ [custodyPaths.me]: meOf(['settings']), [`GET ${custodyPaths.accounts}`]: [] });
    renderCustodyConfig(<SettingsPage />, { language: 'ru' });
    const empty = await screen.findByTestId('accounts-empty', {}, slow);
    expect(empty.textContent).toBe('Счетов хранения пока нет. Их открывает администратор организации.');
    expect(screen.queryByTestId('account-add')).toBeNull();
    expect(screen.queryByTestId('account-add-empty')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Общие настройки' })).toBeTruthy();
  });

  it('shows loading, then a load failure with a retry', async () => {
    let calls = 0;
    const user = userEvent.setup();
    stubServer({
      [`GET ${custodyPaths.settings}`]: () => {
        calls += 1;
        return calls === 1 ? new CustodyOrgEnvelope(errorCatalogue.serviceUnavailable.code, '') : settingsOf();
      },
    });
    renderCustodyConfig(<SettingsPage />);
    expect(screen.getByTestId('settings-loading')).toBeTruthy();
    const failed = await screen.findByTestId('settings-load-error', {}, slow);
    expect(within(failed).getByText(errorMessage('serviceUnavailable', 'en'))).toBeTruthy();
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('settings-form', {}, slow)).toBeTruthy();
  });

  it('checks the session length (5 to 720 minutes) and the IP allow-list (addresses or ranges, at most 20) before sending', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderCustodyConfig(<SettingsPage />);
    await screen.findByTestId('settings-form', {}, slow);

    await fill(user, 'settings-session', '721');
    await fill(user, 'settings-ips', '203.0.113.10, 300.1.1.1');
    await user.click(screen.getByTestId('settings-save'));
    await expectErrorAt('settings-session', 'Enter a whole number of minutes from 5 to 720');
    await expectErrorAt('settings-ips', 'Enter IPv4 or IPv6 addresses or CIDR ranges, separated by commas');

    await fill(user, 'settings-ips', Array.from({ length: 21 }, (_, at) => `198.51.100.${at + 1}`).join(','));
    await user.click(screen.getByTestId('settings-save'));
    await expectErrorAt('settings-ips', 'At most 20 addresses or ranges');
    expect(postedTo(fetchSpy, custodyPaths.settings)).toEqual([]);
  });

  it('saves the settings with the body of the contract', async () => {
    const user = userEvent.setup();
    const saved = settingsOf({ requireHardwareKey: true, sessionMinutes: 60, consoleIps: '203.0.113.10, 198.51.100.0/24' });
    const fetchSpy = stubServer({ [`POST ${custodyPaths.settings}`]: saved });
    renderCustodyConfig(<SettingsPage />);
    await screen.findByTestId('settings-form', {}, slow);

    await user.click(screen.getByTestId('settings-hardware-key'));
    await fill(user, 'settings-session', '60');
    await fill(user, 'settings-ips', ' 203.0.113.10 ,198.51.100.0/24, 203.0.113.10 ');
    await user.click(screen.getByTestId('settings-save'));

    expect(await screen.findByText('Settings saved', {}, slow)).toBeTruthy();
    const [body] = postedTo(fetchSpy, custodyPaths.settings);
    expect(body).toEqual({ requireHardwareKey: true, sessionMinutes: 60, consoleIps: '203.0.113.10, 198.51.100.0/24' });
    expect(custodySettingsSchema.safeParse(body).success).toBe(true);
  });

  it('asks for the caller again once saved, so a hardware key just required is asked for at once', async () => {
    const user = userEvent.setup();
    let required = false;
    const fetchSpy = stubServer({
      [custodyPaths.me]: () => ({ ...admin, hardwareKeyMissing: required }),
      [`POST ${custodyPaths.settings}`]: () => {
        required = true;
        return settingsOf({ requireHardwareKey: true });
      },
    });
    const meCalls = () =>
      fetchSpy.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === custodyPaths.me).length;
    renderCustodyConfig(<SettingsPage />);
    await screen.findByTestId('settings-form', {}, slow);
    await waitFor(() => expect(meCalls()).toBe(1), slow);

    await user.click(screen.getByTestId('settings-hardware-key'));
    await user.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Settings saved', {}, slow)).toBeTruthy();
    await waitFor(() => expect(meCalls()).toBe(2), slow);
  });

  it('shows the refusal of a list that shuts out the saver at the list, in the user language', async () => {
    const user = userEvent.setup();
    stubServer({
      [`POST ${custodyPaths.settings}`]: new CustodyOrgEnvelope(errorCatalogue.custodyIpNotAllowed.code, '', { field: 'consoleIps' }),
    });
    renderCustodyConfig(<SettingsPage />, { language: 'zh-CN' });
    await screen.findByTestId('settings-form', {}, slow);
    await fill(user, 'settings-ips', '203.0.113.10');
    await user.click(screen.getByTestId('settings-save'));
    await expectErrorAt('settings-ips', errorMessage('custodyIpNotAllowed', 'zh-CN'));
  });

  it('opens a custody account with the body of the contract and lists it', async () => {
    const user = userEvent.setup();
    let list: CustodyAccount[] = [...accounts];
    const opened = accountOf({ id: '9', name: 'Prime reserve', kind: 'cold', tier: 'prime', addressCount: 0 });
    const fetchSpy = stubServer({
      [`GET ${custodyPaths.accounts}`]: () => list,
      [`POST ${custodyPaths.accounts}`]: () => {
        list = [...list, opened];
        return opened;
      },
    });
    renderCustodyConfig(<SettingsPage />);
    const add = await screen.findByTestId('account-add', {}, slow);
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await user.click(add);
    await screen.findByTestId('account-form');

    await user.click(screen.getByTestId('account-form-submit'));
    await expectErrorAt('account-name', 'Enter the account name');
    await fill(user, 'account-name', 'x'.repeat(51));
    await expectErrorAt('account-name', 'At most 50 characters');

    await fill(user, 'account-name', ' Prime reserve ');
    await user.click(screen.getByTestId('account-kind-cold'));
    await user.click(screen.getByTestId('account-tier-prime'));
    await user.click(screen.getByTestId('account-form-submit'));

    expect(await screen.findByText('Custody account "Prime reserve" opened', {}, slow)).toBeTruthy();
    const [body] = postedTo(fetchSpy, custodyPaths.accounts);
    expect(body).toEqual({ name: 'Prime reserve', kind: 'cold', tier: 'prime' });
    expect(custodyAccountBodySchema.safeParse(body).success).toBe(true);
    expect(await within(screen.getByTestId('account-table')).findByText('Prime reserve', {}, slow)).toBeTruthy();
  });

  it('shows a name already used at the name field', async () => {
    const user = userEvent.setup();
    stubServer({
      [`POST ${custodyPaths.accounts}`]: new CustodyOrgEnvelope(errorCatalogue.accountAlreadyExists.code, '', { field: 'name' }),
    });
    renderCustodyConfig(<SettingsPage />, { language: 'zh-TW' });
    const add = await screen.findByTestId('account-add', {}, slow);
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    await user.click(add);
    await screen.findByTestId('account-form');
    await fill(user, 'account-name', 'Treasury hot');
    await user.click(screen.getByTestId('account-form-submit'));
    await expectErrorAt('account-name', errorMessage('accountAlreadyExists', 'zh-TW'));
    expect(screen.getByTestId('account-form')).toBeTruthy();
  });
});
