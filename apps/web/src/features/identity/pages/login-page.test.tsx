import { errorCatalogue, errorMessage } from '@coffer/contract/errors';
import type { LoggedIn } from '@coffer/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { sessionHandOffStorageKey } from '../../../shared/session-hand-off';
import { identityApi } from '../api/identity-api';
import { identityPaths } from '@coffer/contract/identity-paths';
import { ToastHost } from '../../../shared/ui/toast-host';
import { closeToast } from '../../../shared/ui/toast-store';
import { LoginPage } from './login-page';
import { captchaPaths } from '@coffer/contract/captcha-paths';
import { FakeAltchaElement } from '../../../../test/fake-altcha';

vi.mock('../../../shared/captcha/altcha-loader', async () => (await import('../../../../test/fake-altcha')).fakeAltchaLoader);

const challenge = {
  preLoginToken: 'pre-login-token',
  twofaList: ['email', 'ga'] as ('ga' | 'sms' | 'email')[],
  userNo: '100001',
  maskedEmail: 'a***@example.com',
  maskedPhone: null,
};

function renderLogin(url = '/login') {
  return renderPage(<LoginPage />, { path: '/login', url, routeName: 'loginPage' });
}

async function fillCredentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId('login-account'), 'alice@example.com');
  await user.type(screen.getByTestId('login-password'), 'Secret#123');
}

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('LoginPage', { timeout: 20_000 }, () => {
  it('dismisses the wrong-password toast when the second-factor step opens', async () => {
    let attempts = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      expect(String(input)).toBe(identityPaths.login);
      attempts += 1;
      const envelope =
        attempts === 1 ? { code: errorCatalogue.wrongCredentials.code, msg: 'wrong', data: null } : { code: 0, msg: 'ok', data: challenge };
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    });
    const user = userEvent.setup();
    renderPage(
      <>
        <LoginPage />
        <ToastHost />
      </>,
      { path: '/login', routeName: 'loginPage' },
    );

    await fillCredentials(user);
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('wrongCredentials', 'en'));

    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('twofa-code')).toBeTruthy();
    expect(screen.queryByText(errorMessage('wrongCredentials', 'en'))).toBeNull();
    closeToast('error');
  });

  it('shows the captcha when the server demands it, then retries the login with its token', async () => {
    const bodies: Array<{ path: string; body: Record<string, unknown> }> = [];
    let logins = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const path = String(input);
      const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
      bodies.push({ path, body });
      let envelope: unknown;
      if (path === identityPaths.login) {
        logins += 1;
        envelope =
          logins === 1
            ? { code: errorCatalogue.captchaRequired.code, msg: errorMessage('captchaRequired', 'en'), data: null }
            : { code: 0, msg: 'ok', data: challenge };
      } else if (path === captchaPaths.verify) {
        envelope = { code: 0, msg: 'ok', data: { captchaToken: 'login.1.id.mac', expiresInSeconds: 120 } };
      } else {
        throw new Error(`unexpected call to ${path}`);
      }
      return new Response(JSON.stringify(envelope), { headers: { 'content-type': 'application/json' } });
    });
    const user = userEvent.setup();
    renderPage(
      <>
        <LoginPage />
        <ToastHost />
      </>,
      { path: '/login', routeName: 'loginPage' },
    );

    expect(screen.queryByTestId('captcha')).toBeNull();
    await fillCredentials(user);
    await user.click(screen.getByTestId('login-submit'));
    expect((await screen.findByRole('alert')).textContent).toContain(errorMessage('captchaRequired', 'en'));
    expect(await screen.findByTestId('captcha')).toBeTruthy();
    await waitFor(() => expect(FakeAltchaElement.last?.config.challenge).toBe(captchaPaths.challenge));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.body.captchaToken).toBeUndefined();

    // The browser solved it: verified once, then the same login again with the token.
    FakeAltchaElement.last!.solve('c29sdmVk');
    expect(await screen.findByTestId('twofa-code')).toBeTruthy();
    expect(bodies.map((request) => request.path)).toEqual([identityPaths.login, captchaPaths.verify, identityPaths.login]);
    expect(bodies[1]!.body).toEqual({ purpose: 'login', payload: 'c29sdmVk' });
    expect(bodies[2]!.body).toMatchObject({ account: 'alice@example.com', password: 'Secret#123', captchaToken: 'login.1.id.mac' });
    closeToast('error');
  });

  it('refuses a malformed e-mail and an empty password without calling the API', async () => {
    const login = vi.spyOn(identityApi, 'login');
    const user = userEvent.setup();
    renderLogin();

    await user.type(screen.getByTestId('login-account'), 'alice@@example');
    await user.click(screen.getByTestId('login-submit'));

    expect(await screen.findByText(errorMessage('emailOrPhoneFormat', 'en'))).toBeTruthy();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(login).not.toHaveBeenCalled();
  });

  it('labels every input', () => {
    renderLogin();
    expect(screen.getByLabelText('E-mail address')).toBe(screen.getByTestId('login-account'));
    expect(screen.getByLabelText('Password')).toBe(screen.getByTestId('login-password'));
  });

  it('asks for the number without country code on the phone tab', async () => {
    const login = vi.spyOn(identityApi, 'login').mockResolvedValue(challenge);
    const user = userEvent.setup();
    renderLogin('/login?lang=en');

    await user.click(screen.getByTestId('login-tab-phone'));
    expect(screen.getByLabelText('Phone number')).toBe(screen.getByTestId('login-account'));
    expect(screen.getByLabelText('Country calling code')).toBeTruthy();

    await user.type(screen.getByTestId('login-account'), '+44 20');
    await user.type(screen.getByTestId('login-password'), 'x');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText(errorMessage('emailOrPhoneFormat', 'en'))).toBeTruthy();
    expect(login).not.toHaveBeenCalled();

    // Digits of the right shape, but no number of the chosen country (United Kingdom, +44).
    await user.clear(screen.getByTestId('login-account'));
    await user.type(screen.getByTestId('login-account'), '7700 900123{Enter}');
    expect(await screen.findByText(errorMessage('emailOrPhoneFormat', 'en'))).toBeTruthy();
    expect(login).not.toHaveBeenCalled();

    await user.clear(screen.getByTestId('login-account'));
    await user.type(screen.getByTestId('login-account'), '7911 123456{Enter}');
    await waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    expect(login.mock.calls[0]?.[0]).toMatchObject({ accountType: 'phone', account: '7911123456', password: 'x', countryCode: 'GB' });
  });

  it('shows the second-factor step after a successful login, authenticator first', async () => {
    const login = vi.spyOn(identityApi, 'login').mockResolvedValue(challenge);
    const user = userEvent.setup();
    renderLogin();

    await fillCredentials(user);
    await user.keyboard('{Enter}');

    expect(await screen.findByTestId('twofa-code')).toBeTruthy();
    expect(login).toHaveBeenCalledWith(
      expect.objectContaining({ accountType: 'email', account: 'alice@example.com', password: 'Secret#123', countryCode: undefined }),
    );
    expect(screen.getByRole('radio', { name: 'Google Authenticator' })).toHaveProperty('checked', true);
    expect(screen.queryByTestId('twofa-method-sms')).toBeNull();
    expect(screen.queryByTestId('twofa-send-code')).toBeNull();

    await user.click(screen.getByTestId('twofa-method-email'));
    expect(screen.getByTestId('twofa-send-code')).toBeTruthy();
    expect(screen.getByTestId('twofa-hint').textContent).toContain('a***@example.com');
  });

  it('sends the e-mail code, checks its format and logs in to the redirect target', async () => {
    vi.spyOn(identityApi, 'login').mockResolvedValue(challenge);
    const sendLoginCode = vi.spyOn(identityApi, 'sendLoginCode').mockResolvedValue({ resendAfterSeconds: 60 });
    const loginTwofa = vi.spyOn(identityApi, 'loginTwofa').mockResolvedValue({} as LoggedIn);
    const user = userEvent.setup();
    renderLogin('/login?redirect=%2FpropertyCenter%2Fbills');

    await fillCredentials(user);
    await user.click(screen.getByTestId('login-submit'));
    await user.click(await screen.findByTestId('twofa-method-email'));
    await user.click(screen.getByTestId('twofa-send-code'));
    expect(sendLoginCode).toHaveBeenCalledWith({ preLoginToken: 'pre-login-token', method: 'email' });

    await user.type(screen.getByTestId('twofa-code'), '12345{Enter}');
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(loginTwofa).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('twofa-code'), '6{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/propertyCenter/bills');
    expect(loginTwofa).toHaveBeenCalledWith({ preLoginToken: 'pre-login-token', method: 'email', code: '123456' });
  });

  it('ignores a redirect to another site', async () => {
    vi.spyOn(identityApi, 'login').mockResolvedValue(challenge);
    vi.spyOn(identityApi, 'loginTwofa').mockResolvedValue({} as LoggedIn);
    const user = userEvent.setup();
    renderLogin('/login?redirect=%2F%2Fevil.example%2Fsteal');

    await fillCredentials(user);
    await user.click(screen.getByTestId('login-submit'));
    await user.type(await screen.findByTestId('twofa-code'), '654321{Enter}');
    expect((await screen.findByTestId('location')).textContent).toBe('/propertyCenter/dashboard');
  });

  it('starts at the second factor with a session hand-off, and uses it once', async () => {
    sessionStorage.setItem(
      sessionHandOffStorageKey,
      JSON.stringify({ twofaList: ['sms'], preLoginToken: 'handed-off', userNo: '7', equipmentName: 'Chrome on Linux' }),
    );
    const loginTwofa = vi.spyOn(identityApi, 'loginTwofa').mockResolvedValue({} as LoggedIn);
    const user = userEvent.setup();
    renderLogin();

    expect(screen.getByTestId('twofa-send-code')).toBeTruthy();
    expect(sessionStorage.getItem(sessionHandOffStorageKey)).toBeNull();
    await user.type(screen.getByTestId('twofa-code'), '111222{Enter}');
    await waitFor(() => expect(loginTwofa).toHaveBeenCalledWith({ preLoginToken: 'handed-off', method: 'sms', code: '111222' }));
  });
});
