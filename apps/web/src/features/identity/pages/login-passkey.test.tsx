import type { LoggedIn } from '@coffer/contract';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { identityApi } from '../api/identity-api';
import { LoginPage } from './login-page';

vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startAuthentication).mockReset();
});

const options = { challenge: 'login-challenge', allowCredentials: [{ id: 'cred-1' }] };
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };

async function passwordStep(twofaList: Array<'ga' | 'sms' | 'email' | 'passkey'>) {
  vi.spyOn(identityApi, 'login').mockResolvedValue({
    preLoginToken: 'pre-login-token',
    twofaList,
    userNo: '100001',
    maskedEmail: 'a***@example.com',
    maskedPhone: null,
  });
  const user = userEvent.setup();
  renderPage(<LoginPage />, { path: '/login', url: '/login', routeName: 'loginPage' });
  await user.type(screen.getByTestId('login-account'), 'alice@example.com');
  await user.type(screen.getByTestId('login-password'), 'Secret#123');
  await user.click(screen.getByTestId('login-submit'));
  await screen.findByTestId('twofa-code');
  return user;
}

describe('LoginPage with a passkey', { timeout: 20_000 }, () => {
  it('offers "Use a passkey" and logs in with the browser’s assertion for the login challenge', async () => {
    const loginPasskeyOptions = vi.spyOn(identityApi, 'loginPasskeyOptions').mockResolvedValue(options);
    const loginTwofa = vi.spyOn(identityApi, 'loginTwofa').mockResolvedValue({} as LoggedIn);
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const user = await passwordStep(['email', 'passkey']);

    await user.click(screen.getByTestId('twofa-passkey'));
    expect((await screen.findByTestId('location')).textContent).toBe('/propertyCenter/dashboard');
    expect(loginPasskeyOptions).toHaveBeenCalledWith({ preLoginToken: 'pre-login-token' });
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: options });
    expect(loginTwofa).toHaveBeenCalledWith({ preLoginToken: 'pre-login-token', method: 'passkey', passkey: assertion });
  });

  it('says so when the browser prompt is cancelled, and sends nothing', async () => {
    vi.spyOn(identityApi, 'loginPasskeyOptions').mockResolvedValue(options);
    const loginTwofa = vi.spyOn(identityApi, 'loginTwofa').mockResolvedValue({} as LoggedIn);
    vi.mocked(startAuthentication).mockRejectedValue(new Error('NotAllowedError'));
    const user = await passwordStep(['ga', 'passkey']);

    await user.click(screen.getByTestId('twofa-passkey'));
    expect(await screen.findByTestId('twofa-passkey-failed')).toBeTruthy();
    expect(loginTwofa).not.toHaveBeenCalled();
  });

  it('offers no passkey to an account without one', async () => {
    await passwordStep(['ga']);
    expect(screen.queryByTestId('twofa-passkey')).toBeNull();
  });
});
