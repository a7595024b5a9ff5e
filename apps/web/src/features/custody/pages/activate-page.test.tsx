import { custodyPaths, identityPaths } from '@coffer/contract';
import { errorMessage, type ErrorKey } from '@coffer/contract/errors';
import { startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import securityEn from '../../../shared/i18n/locales/en/security.json';
import { closeLoginPrompt } from '../../../shared/ui/login-prompt-store';
import { CustodyEnvelope, custodyNamespaces, meOf, postedTo, sessionUserOf, stubCustodyApi } from '../components/custody-test-kit';
import { CustodyActivatePage } from './activate-page';

vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const slow = { timeout: 5_000 };
const render = (url = '/custody/activate?token=tok-123') =>
  renderPage(<CustodyActivatePage />, { path: '/custody/activate', url, namespaces: { ...custodyNamespaces, security: securityEn } });

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startRegistration).mockReset();
  closeLoginPrompt();
});

const registrationOptions = { challenge: 'reg-challenge', rp: { id: 'localhost', name: 'Coffer' } };
const credential = { id: 'key-1', rawId: 'key-1', type: 'public-key', response: {}, clientExtensionResults: {} };
const withoutKey = { ...meOf(['review']), hardwareKeyMissing: true };

/** The identity calls of the security-key step: an e-mail bound, no passkey yet. */
const keyStepApi = {
  [identityPaths.userInfo]: sessionUserOf(),
  [identityPaths.twofaStatus]: { twofaList: ['email'], hasPasskey: false, maskedEmail: 'cf***@acme.test', maskedPhone: null },
  [identityPaths.userCode]: { resendAfterSeconds: 60 },
  [identityPaths.passkeyRegistrationOptions]: registrationOptions,
  [identityPaths.passkeyAdd]: { id: '4', name: 'Office key', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: null },
};

describe('CustodyActivatePage', { timeout: 20_000 }, () => {
  it('posts the token on confirming and goes to the console', async () => {
    const user = userEvent.setup();
    const spy = stubCustodyApi({ [identityPaths.userInfo]: sessionUserOf(), [`POST ${custodyPaths.activate}`]: meOf(['review']) });
    render();
    await user.click(await screen.findByTestId('custody-activate-confirm', {}, slow));
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/custody');
    expect(postedTo(spy, custodyPaths.activate)).toEqual([{ token: 'tok-123' }]);
  });

  it.each<ErrorKey>(['activationLinkExpired', 'custodyActivationOtherAccount', 'custodyAlreadyMember'])('shows %s', async (key) => {
    const user = userEvent.setup();
    stubCustodyApi({ [identityPaths.userInfo]: sessionUserOf(), [`POST ${custodyPaths.activate}`]: new CustodyEnvelope(key) });
    render();
    await user.click(await screen.findByTestId('custody-activate-confirm', {}, slow));
    expect((await screen.findByTestId('custody-activate-error', {}, slow)).textContent).toContain(errorMessage(key, 'en'));
  });

  it('sends a logged-out visitor to the login page with the way back', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 401 }));
    render();
    const login = await screen.findByTestId('custody-activate-login', {}, slow);
    expect(login.querySelector('a')?.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/custody/activate?token=tok-123')}`);
  });

  it('says when the link has no token', async () => {
    stubCustodyApi({ [identityPaths.userInfo]: sessionUserOf() });
    render('/custody/activate');
    expect(await screen.findByTestId('custody-activate-no-token', {}, slow)).toBeTruthy();
  });
});

describe('CustodyActivatePage: the hardware-key link', { timeout: 30_000 }, () => {
  it('goes on to register a security key when the organisation requires one the member lacks, then to the console', async () => {
    const user = userEvent.setup();
    vi.mocked(startRegistration).mockResolvedValue(credential as never);
    const spy = stubCustodyApi({ ...keyStepApi, [`POST ${custodyPaths.activate}`]: withoutKey });
    render();
    await user.click(await screen.findByTestId('custody-activate-confirm', {}, slow));

    const step = await screen.findByTestId('custody-security-key-step', {}, slow);
    expect(screen.getByRole('heading', { name: 'Register your security key' })).toBeTruthy();
    expect(step.textContent).toContain('Acme Treasury AG requires a security key or passkey');
    expect(screen.queryByTestId('location')).toBeNull();
    const name = screen.getByTestId('custody-security-key-name');
    await user.clear(name);
    await user.type(name, 'Office key');
    await user.click(screen.getByTestId('verify-email-send'));
    await waitFor(() => expect(postedTo(spy, identityPaths.userCode)).toEqual([{ purpose: 'passkey', channel: 'email' }]));
    await user.type(screen.getByTestId('verify-email-code'), '123456');
    await user.click(screen.getByTestId('custody-security-key-register'));

    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/custody');
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    expect(postedTo(spy, identityPaths.passkeyAdd)).toEqual([{ emailCode: '123456', name: 'Office key', credential }]);
  });

  it('registers nothing and says so when the browser prompt is cancelled', async () => {
    const user = userEvent.setup();
    vi.mocked(startRegistration).mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    const spy = stubCustodyApi({ ...keyStepApi, [`POST ${custodyPaths.activate}`]: withoutKey });
    render();
    await user.click(await screen.findByTestId('custody-activate-confirm', {}, slow));
    await user.type(await screen.findByTestId('verify-email-code', {}, slow), '123456');
    await user.click(screen.getByTestId('custody-security-key-register'));

    expect(await screen.findByTestId('custody-security-key-failed', {}, slow)).toBeTruthy();
    expect(postedTo(spy, identityPaths.passkeyAdd)).toEqual([]);
    expect(screen.getByTestId('custody-security-key-step')).toBeTruthy();
  });

  it('goes straight to the console when the member needs no key', async () => {
    const user = userEvent.setup();
    stubCustodyApi({ ...keyStepApi, [`POST ${custodyPaths.activate}`]: meOf(['review']) });
    render();
    await user.click(await screen.findByTestId('custody-activate-confirm', {}, slow));
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/custody');
  });

  it("opens the step from the console's banner without a token, and lets the member leave it for later", async () => {
    const user = userEvent.setup();
    stubCustodyApi({ ...keyStepApi, [custodyPaths.me]: withoutKey });
    render('/custody/activate?step=securityKey');
    expect(await screen.findByTestId('custody-security-key-step', {}, slow)).toBeTruthy();
    expect(screen.queryByTestId('custody-activate-no-token')).toBeNull();
    await user.click(screen.getByTestId('custody-security-key-later'));
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/custody');
  });

  it('says there is nothing left to do when the member already has a key', async () => {
    stubCustodyApi({ ...keyStepApi, [custodyPaths.me]: meOf(['review']) });
    render('/custody/activate?step=securityKey');
    expect(await screen.findByTestId('custody-security-key-done', {}, slow)).toBeTruthy();
    expect(screen.queryByTestId('custody-security-key-step')).toBeNull();
  });
});
