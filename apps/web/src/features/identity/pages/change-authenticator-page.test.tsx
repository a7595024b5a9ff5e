import { errorCatalogue } from '@coffer/contract/errors';
import { startAuthentication } from '@simplewebauthn/browser';
import { identityPaths } from '@coffer/contract/identity-paths';
import type { Language } from '@coffer/contract/languages';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubEnvelopeApi, type StubAnswer } from '../../../../test/envelope-stub';
import { createTestI18n } from '../../../../test/i18n';
import { renderPage } from '../../../../test/render-page';
import { configureHttpClient } from '../../../shared/http/http-client';
import commonRu from '../../../shared/i18n/locales/ru/common.json';
import securityRu from '../../../shared/i18n/locales/ru/security.json';
import { pathTo } from '../../../shared/routes';
import { ToastHost } from '../../../shared/ui/toast-host';
import { closeToast } from '../../../shared/ui/toast-store';
import { ChangeAuthenticatorPage } from './change-authenticator-page';
import { SecurityCentrePage } from './security-centre-page';

// The browser's passkey prompt (WebAuthn) answers for the test.
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

/** Test-only: an error envelope the stub answers as is. */
class Refusal {
  constructor(
    readonly code: number,
    readonly field: string | null = null,
  ) {}
}

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const firstTicket = 'T'.repeat(43);
const secondTicket = 'S'.repeat(43);
const lockedUntil = new Date(Date.now() + 24 * 3_600_000).toISOString();

/** The HTTP client's language (the app wires it to i18n), with its own fallback texts. */
function setClientLanguage(language: Language) {
  configureHttpClient({
    language: () => language,
    text: (key) => (key === 'http.netError' ? 'Net Error' : 'Network Error,Please try later'),
    nativeToken: () => null,
  });
}

beforeEach(() => setClientLanguage('en'));

afterEach(() => {
  vi.restoreAllMocks();
  setClientLanguage('en');
  act(() => {
    closeToast('error');
    closeToast('success');
  });
});

/** The server as the page and the security centre it returns to see it; `answers` override. */
function stubServer(answers: Record<string, StubAnswer> = {}) {
  return stubEnvelopeApi(
    {
      [identityPaths.twofaStatus]: { twofaList: ['ga', 'email'], maskedEmail: 'ab***@example.com', maskedPhone: null },
      [identityPaths.authenticatorChangeCheck]: { changeTicket: firstTicket, expiresInSeconds: 600 },
      [identityPaths.authenticatorChangeGenerate]: {
        secret,
        otpauthUrl: `otpauth://totp/Coffer:ab%40example.com?secret=${secret}&issuer=Coffer`,
        qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
      },
      [identityPaths.authenticatorChangeConfirm]: null,
      [identityPaths.userInfo]: {
        userId: '1',
        userNo: '80012345',
        idPrefix: 'CF',
        sessionId: '7',
        email: 'ab@example.com',
        phone: null,
        countryCode: 'GB',
        twofaGA: true,
        twofaEmail: true,
        twofaPhone: false,
        googleAuth: true,
        havePayPwd: true,
        fiat: 'USD',
        kycLevel: 0,
        accountKind: 'personal',
        inviteCode: 'ABC123',
        ip: '203.0.113.7',
        time: '2026-03-02T09:00:00.000Z',
        lastLoginAt: null,
        withdrawLockedUntil: lockedUntil,
      },
      [identityPaths.sessions]: [],
      [identityPaths.passkeys]: [],
      ...answers,
    },
    (value) => (value instanceof Refusal ? { code: value.code, msg: 'refused', data: value.field ? { field: value.field } : null } : null),
  );
}

/** The requests the stub saw, as path and body. */
function requestsOf(fetchSpy: ReturnType<typeof stubServer>) {
  return fetchSpy.mock.calls.map(([input, init]) => ({
    path: new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  }));
}

const bodiesTo = (fetchSpy: ReturnType<typeof stubServer>, path: string) =>
  requestsOf(fetchSpy)
    .filter((request) => request.path === path)
    .map((request) => request.body);

function renderChangePage(language: Language = 'en') {
  renderPage(<ChangeAuthenticatorPage />, {
    path: pathTo('securityChangeAuthenticator'),
    routes: [{ path: pathTo('propertySecuritySetting'), element: <SecurityCentrePage /> }],
    language,
    namespaces: language === 'ru' ? { common: commonRu, security: securityRu } : {},
  });
  // The toasts live outside the router, as in the app, so they outlast a navigation.
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastHost />
    </I18nextProvider>,
  );
}

async function verifyCurrentFactors(user: ReturnType<typeof userEvent.setup>, gaCode = '111111') {
  const next = await screen.findByTestId('ga-change-verify');
  await waitFor(() => expect((next as HTMLButtonElement).disabled).toBe(false));
  await user.type(screen.getByTestId('verify-email-code'), '654321');
  await user.type(screen.getByTestId('verify-ga-code'), gaCode);
  await user.click(next);
}

/** The title of the step the progress bar marks as current. */
const currentStep = () => document.querySelector('.ant-steps-item-active .ant-steps-item-title')?.textContent;

describe('ChangeAuthenticatorPage', () => {
  it('changes in three steps: verifies the bound factors, shows the new key, confirms the new code, and returns to the lock notice', async () => {
    const user = userEvent.setup();
    const server = stubServer();
    renderChangePage();

    // Step 1: the lock is announced before anything changes; the current authenticator is asked for as such.
    expect(await screen.findByText('After the change, withdrawals are locked for 24 hours.')).toBeTruthy();
    expect(await screen.findByLabelText('Code from your current authenticator')).toBeTruthy();
    expect(currentStep()).toBe('Verify it is you');
    await verifyCurrentFactors(user);
    await waitFor(() =>
      expect(bodiesTo(server, identityPaths.authenticatorChangeCheck)).toEqual([{ emailCode: '654321', gaCode: '111111' }]),
    );

    // Step 2: the new secret generated for the ticket, as QR code and key.
    expect((await screen.findByTestId('ga-secret')).textContent).toBe(secret);
    expect(screen.getByAltText('QR code to add Coffer to Google Authenticator').getAttribute('src')).toMatch(
      /^data:image\/svg\+xml;utf8,%3Csvg/,
    );
    expect(bodiesTo(server, identityPaths.authenticatorChangeGenerate)).toEqual([{ changeTicket: firstTicket }]);
    expect(currentStep()).toBe('Set up the new authenticator');
    expect(screen.getByText('Finish within 10 minutes of verifying, or you will need to start again.')).toBeTruthy();

    // Step 3: the new app's code; going back shows the same key without generating another.
    await user.click(screen.getByTestId('ga-change-next'));
    expect(currentStep()).toBe('Confirm the new code');
    await user.click(screen.getByTestId('ga-change-back'));
    expect((await screen.findByTestId('ga-secret')).textContent).toBe(secret);
    await user.click(screen.getByTestId('ga-change-next'));
    await user.type(await screen.findByTestId('ga-new-code'), '222222');
    await user.click(screen.getByTestId('ga-submit'));

    // Done: a toast, and the security centre (its data fetched afresh) shows the 24-hour lock.
    expect((await screen.findByTestId('toast-success')).textContent).toContain('Google Authenticator changed');
    expect(await screen.findByText('Withdrawals are locked', {}, { timeout: 5000 })).toBeTruthy();
    expect(bodiesTo(server, identityPaths.authenticatorChangeConfirm)).toEqual([{ changeTicket: firstTicket, newGaCode: '222222' }]);
    expect(bodiesTo(server, identityPaths.authenticatorGenerate)).toEqual([]);
    expect(bodiesTo(server, identityPaths.authenticatorChange)).toEqual([]);
  }, 60_000);

  it('says a ticket the server no longer takes has expired, and starting again verifies anew for a new ticket', async () => {
    const user = userEvent.setup();
    let tickets = 0;
    let confirmations = 0;
    const server = stubServer({
      [identityPaths.authenticatorChangeCheck]: () => {
        tickets += 1;
        return { changeTicket: tickets === 1 ? firstTicket : secondTicket, expiresInSeconds: 600 };
      },
      [identityPaths.authenticatorChangeConfirm]: () => {
        confirmations += 1;
        return confirmations === 1 ? new Refusal(errorCatalogue.authenticatorChangeTicketInvalid.code, 'changeTicket') : null;
      },
    });
    renderChangePage();

    await verifyCurrentFactors(user);
    await screen.findByTestId('ga-secret');
    await user.click(screen.getByTestId('ga-change-next'));
    await user.type(await screen.findByTestId('ga-new-code'), '222222');
    await user.click(screen.getByTestId('ga-submit'));

    const expired = await screen.findByTestId('ga-change-expired');
    expect(within(expired).getByText('This change has expired')).toBeTruthy();
    expect((await screen.findByTestId('toast-error')).textContent).toContain(errorCatalogue.authenticatorChangeTicketInvalid.messages.en);
    expect(screen.queryByTestId('ga-new-code')).toBeNull();

    await user.click(screen.getByTestId('ga-change-restart'));
    expect(screen.queryByTestId('toast-error')).toBeNull();
    expect(currentStep()).toBe('Verify it is you');
    expect((screen.getByTestId('verify-email-code') as HTMLInputElement).value).toBe('');
    await verifyCurrentFactors(user, '333333');
    expect((await screen.findByTestId('ga-secret')).textContent).toBe(secret);
    expect(bodiesTo(server, identityPaths.authenticatorChangeGenerate)).toEqual([
      { changeTicket: firstTicket },
      { changeTicket: secondTicket },
    ]);
    await user.click(screen.getByTestId('ga-change-next'));
    await user.type(await screen.findByTestId('ga-new-code'), '444444');
    await user.click(screen.getByTestId('ga-submit'));
    expect(await screen.findByText('Withdrawals are locked', {}, { timeout: 5000 })).toBeTruthy();
    expect(bodiesTo(server, identityPaths.authenticatorChangeConfirm)).toEqual([
      { changeTicket: firstTicket, newGaCode: '222222' },
      { changeTicket: secondTicket, newGaCode: '444444' },
    ]);
  }, 60_000);

  it('says the change has expired when the ticket runs out on the screen, before any code is sent', async () => {
    const user = userEvent.setup();
    const server = stubServer({ [identityPaths.authenticatorChangeCheck]: { changeTicket: firstTicket, expiresInSeconds: 1 } });
    renderChangePage();

    await verifyCurrentFactors(user);
    await screen.findByTestId('ga-secret');
    expect(await screen.findByTestId('ga-change-expired', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByTestId('ga-secret')).toBeNull();
    expect(bodiesTo(server, identityPaths.authenticatorChangeConfirm)).toEqual([]);
  }, 30_000);

  it('verifies with a passkey in place of the codes when the customer chooses it', async () => {
    const user = userEvent.setup();
    const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };
    vi.mocked(startAuthentication).mockResolvedValue(assertion as unknown as Awaited<ReturnType<typeof startAuthentication>>);
    const server = stubServer({
      [identityPaths.twofaStatus]: { twofaList: ['ga', 'email'], hasPasskey: true, maskedEmail: 'ab***@example.com', maskedPhone: null },
      [identityPaths.passkeyAssertionOptions]: { challenge: 'challenge-1', allowCredentials: [{ id: 'cred-1' }] },
    });
    renderChangePage();

    await user.click(await screen.findByTestId('verify-use-passkey'));
    expect(screen.queryByTestId('verify-ga-code')).toBeNull();
    await user.click(screen.getByTestId('ga-change-verify'));

    expect((await screen.findByTestId('ga-secret')).textContent).toBe(secret);
    expect(bodiesTo(server, identityPaths.passkeyAssertionOptions)).toEqual([{ purpose: 'changeAuthenticator' }]);
    expect(bodiesTo(server, identityPaths.authenticatorChangeCheck)).toEqual([{ passkey: assertion }]);
  }, 30_000);

  it('shows a wrong code with the catalogue’s message in the user’s language at its field, and stays on the step', async () => {
    const user = userEvent.setup();
    setClientLanguage('ru');
    const wrongCode = errorCatalogue.authenticatorCodeWrong;
    let checks = 0;
    let confirmations = 0;
    const server = stubServer({
      [identityPaths.authenticatorChangeCheck]: () => {
        checks += 1;
        return checks === 1 ? new Refusal(wrongCode.code, 'gaCode') : { changeTicket: firstTicket, expiresInSeconds: 600 };
      },
      [identityPaths.authenticatorChangeConfirm]: () => {
        confirmations += 1;
        return confirmations === 1 ? new Refusal(wrongCode.code, 'newGaCode') : null;
      },
    });
    renderChangePage('ru');

    // Step 1: the current authenticator's code was wrong.
    await verifyCurrentFactors(user, '000000');
    expect((await screen.findByTestId('toast-error')).textContent).toContain(wrongCode.messages.ru);
    const gaItem = screen.getByTestId('verify-ga-code').closest('.ant-form-item');
    await waitFor(() => expect(gaItem?.querySelector('.ant-form-item-explain-error')?.textContent).toBe(wrongCode.messages.ru));
    expect(currentStep()).toBe(securityRu.authenticator.change.steps.verify);
    expect(bodiesTo(server, identityPaths.authenticatorChangeGenerate)).toEqual([]);

    await user.clear(screen.getByTestId('verify-ga-code'));
    await user.type(screen.getByTestId('verify-ga-code'), '111111');
    await user.click(screen.getByTestId('ga-change-verify'));
    await screen.findByTestId('ga-secret');
    await user.click(screen.getByTestId('ga-change-next'));

    // Step 3: the new authenticator's code was wrong; the same ticket takes the right one.
    expect(screen.queryByTestId('toast-error')).toBeNull();
    await user.type(await screen.findByTestId('ga-new-code'), '999999');
    await user.click(screen.getByTestId('ga-submit'));
    expect((await screen.findByTestId('toast-error')).textContent).toContain(wrongCode.messages.ru);
    const newCodeItem = screen.getByTestId('ga-new-code').closest('.ant-form-item');
    await waitFor(() => expect(newCodeItem?.querySelector('.ant-form-item-explain-error')?.textContent).toBe(wrongCode.messages.ru));
    expect(currentStep()).toBe(securityRu.authenticator.change.steps.confirm);

    await user.clear(screen.getByTestId('ga-new-code'));
    await user.type(screen.getByTestId('ga-new-code'), '222222');
    await user.click(screen.getByTestId('ga-submit'));
    expect(await screen.findByText(securityRu.centre.withdrawLockTitle)).toBeTruthy();
    expect(bodiesTo(server, identityPaths.authenticatorChangeConfirm)).toEqual([
      { changeTicket: firstTicket, newGaCode: '999999' },
      { changeTicket: firstTicket, newGaCode: '222222' },
    ]);
  }, 60_000);
});
