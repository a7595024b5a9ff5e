import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import type * as LockEndTime from '../../../shared/format/lock-end-time';
import { identityApi } from '../api/identity-api';
import { SecurityCentrePage } from './security-centre-page';

// The user's time zone is the browser's; here it is fixed.
vi.mock('../../../shared/format/lock-end-time', async (importOriginal) => ({
  ...(await importOriginal<typeof LockEndTime>()),
  userTimeZone: () => 'Europe/Moscow',
}));

afterEach(() => {
  vi.restoreAllMocks();
});

const user = {
  userId: '1',
  userNo: '80012345',
  idPrefix: 'CF',
  sessionId: '7',
  email: 'alice@example.com',
  phone: '7700900123',
  countryCode: 'GB',
  twofaGA: false,
  twofaEmail: true,
  twofaPhone: true,
  googleAuth: false,
  havePayPwd: true,
  fiat: 'USD',
  kycLevel: 0,
  accountKind: 'personal',
  inviteCode: 'ABC123',
  ip: '203.0.113.7',
  time: '2026-03-02T09:00:00.000Z',
  lastLoginAt: null,
  withdrawLockedUntil: new Date(Date.now() + 3_600_000).toISOString(),
};

let sessions = [
  {
    id: '7',
    device: 'Chrome on macOS',
    clientKind: 'web',
    ip: '203.0.113.7',
    createdAt: user.time,
    lastSeenAt: user.time,
    isCurrent: true,
  },
  {
    id: '9',
    device: 'Safari on iOS',
    clientKind: 'ios',
    ip: '198.51.100.4',
    createdAt: user.time,
    lastSeenAt: user.time,
    isCurrent: false,
  },
];

function stubServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname;
    const data = path === '/uc/synUserInfo' ? user : path === '/uc/v1/sessions' ? sessions : path === '/uc/v1/passkeys' ? [] : undefined;
    return new Response(
      JSON.stringify(data === undefined ? { code: 19000005, msg: 'not found', data: null } : { code: 0, msg: 'ok', data }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  });
}

describe('SecurityCentrePage', () => {
  it('shows each item with its state in words and the matching actions', async () => {
    stubServer();
    renderPage(<SecurityCentrePage />, { path: '/' });

    const email = await screen.findByTestId('security-item-email');
    expect(within(email).getByText('Bound')).toBeTruthy();
    expect(within(email).getByText('al***@example.com')).toBeTruthy();
    expect(within(email).queryByRole('link')).toBeNull();

    const phone = screen.getByTestId('security-item-phone');
    expect(within(phone).getByText('+44 770****0123')).toBeTruthy();
    expect(within(phone).getByRole('link', { name: 'Change' }).getAttribute('href')).toBe('/propertyCenter/securitySetting/changePhone');

    const authenticator = screen.getByTestId('security-item-authenticator');
    expect(within(authenticator).getByText('Not bound')).toBeTruthy();
    expect(within(authenticator).getByRole('link', { name: 'Bind' }).getAttribute('href')).toBe(
      '/propertyCenter/securitySetting/bindGoogle',
    );

    const fund = screen.getByTestId('security-item-fundPassword');
    expect(within(fund).getByText('Set')).toBeTruthy();
    expect(
      within(fund)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/propertyCenter/securitySetting/changeFundPassword', '/propertyCenter/securitySetting/resetFundPassword']);

    expect(screen.getByTestId('withdraw-lock').textContent).toContain('Withdrawals are locked for 24 hours after a security change, until');
    // The end is shown in the user's (the browser's) time zone, named.
    expect(screen.getByTestId('withdraw-lock').textContent).toContain('GMT+3');
  });

  it('explains when withdrawals pause: every change, a first set-up only once the account received funds, and why', async () => {
    stubServer();
    // jsdom lays nothing out and has no scrollIntoView; record the call instead.
    const scrolled = vi.fn();
    Object.defineProperty(Element.prototype, 'scrollIntoView', { value: scrolled, configurable: true, writable: true });
    onTestFinished(() => {
      Reflect.deleteProperty(Element.prototype, 'scrollIntoView');
    });
    renderPage(<SecurityCentrePage />, {
      path: '/propertyCenter/securitySetting',
      url: '/propertyCenter/securitySetting#withdraw-lock-help',
    });

    const help = await screen.findByRole('region', { name: 'When withdrawals pause for 24 hours' });
    expect(help.id).toBe('withdraw-lock-help');
    expect(help.textContent).toContain('Changing, resetting or removing a security setting');
    expect(help.textContent).toContain('pauses withdrawals and transfers for 24 hours');
    expect(help.textContent).toContain(
      'Setting up a method for the first time does not pause withdrawals while your account has never received funds',
    );
    expect(help.textContent).toContain('Once your account has received funds, every set-up pauses withdrawals as well');
    // The withdraw page links to the fragment; the help is scrolled to once the items are in.
    await screen.findByTestId('security-item-email');
    await waitFor(() => expect(scrolled).toHaveBeenCalled());
  });

  it('ends another session and shows the refreshed list', async () => {
    const clicker = userEvent.setup();
    stubServer();
    const endSession = vi.spyOn(identityApi, 'endSession').mockImplementation(async (id) => {
      sessions = sessions.filter((session) => session.id !== id);
      return null;
    });
    renderPage(<SecurityCentrePage />, { path: '/' });

    const table = await screen.findByTestId('active-sessions');
    expect(await within(table).findByText('Safari on iOS')).toBeTruthy();
    expect(within(table).getByText('This device')).toBeTruthy();
    expect(screen.queryByTestId('end-session-7')).toBeNull();

    await clicker.click(screen.getByTestId('end-session-9'));
    expect(endSession).toHaveBeenCalledWith('9');
    await waitFor(() => expect(within(table).queryByText('Safari on iOS')).toBeNull());
  });
});
