import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { SecurityPasskeys } from './security-passkeys';

vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startRegistration).mockReset();
  vi.mocked(startAuthentication).mockReset();
});

const laptop = { id: '3', name: 'Laptop', createdAt: '2026-03-02T09:00:00.000Z', lastUsedAt: null };
const registrationOptions = { challenge: 'reg-challenge', rp: { id: 'localhost', name: 'Coffer' } };
const assertionOptions = { challenge: 'auth-challenge', allowCredentials: [{ id: 'cred-1' }] };
const credential = { id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {}, clientExtensionResults: {} };
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };

/** The server as these calls see it; every request body is kept by path. */
function stubServer(hasPasskey: boolean) {
  const bodies: Record<string, unknown[]> = {};
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const path = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost').pathname;
    if (init?.body) (bodies[path] ??= []).push(JSON.parse(String(init.body)));
    const answers: Record<string, unknown> = {
      '/uc/v1/passkeys': hasPasskey ? [laptop] : [],
      '/uc/getUserTwoFa': { twofaList: ['email'], hasPasskey, maskedEmail: 'al***@example.com', maskedPhone: null },
      '/uc/getVerifyCode': { resendAfterSeconds: 60 },
      '/uc/v1/passkeys/registration-options': registrationOptions,
      '/uc/v1/passkeys/assertion-options': assertionOptions,
      '/uc/v1/passkeys/add': { ...laptop, id: '4', name: 'Phone' },
      '/uc/v1/passkeys/remove': null,
    };
    const known = path in answers;
    return new Response(
      JSON.stringify(known ? { code: 0, msg: 'ok', data: answers[path] } : { code: 19000005, msg: 'not found', data: null }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  return bodies;
}

describe('SecurityPasskeys', () => {
  it('lists each passkey with its name, when it was added and that it was never used', async () => {
    stubServer(true);
    renderPage(<SecurityPasskeys />, { path: '/' });
    const item = await screen.findByTestId('passkey-3');
    expect(within(item).getByTestId('passkey-name').textContent).toBe('Laptop');
    expect(within(item).getByText(/Never used/)).toBeTruthy();
  });

  it('adds a passkey: the e-mail code and name first, then the browser prompt with the server’s options', async () => {
    const bodies = stubServer(false);
    vi.mocked(startRegistration).mockResolvedValue(credential as never);
    const user = userEvent.setup();
    renderPage(<SecurityPasskeys />, { path: '/' });
    expect(await screen.findByText('No passkey yet.')).toBeTruthy();
    await user.click(screen.getByTestId('passkey-add'));
    await user.type(await screen.findByTestId('passkey-name-input'), 'Phone');
    await user.type(await screen.findByTestId('verify-email-code'), '123456');
    await user.click(screen.getByTestId('passkey-submit'));

    await waitFor(() => expect(bodies['/uc/v1/passkeys/add']).toHaveLength(1));
    expect(startRegistration).toHaveBeenCalledWith({ optionsJSON: registrationOptions });
    expect(bodies['/uc/v1/passkeys/add']![0]).toEqual({ emailCode: '123456', name: 'Phone', credential });
  }, 15_000);

  it('adds nothing when the browser prompt is cancelled, and says so', async () => {
    const bodies = stubServer(false);
    vi.mocked(startRegistration).mockRejectedValue(new Error('NotAllowedError'));
    const user = userEvent.setup();
    renderPage(<SecurityPasskeys />, { path: '/' });
    await user.click(await screen.findByTestId('passkey-add'));
    await user.type(await screen.findByTestId('passkey-name-input'), 'Phone');
    await user.type(await screen.findByTestId('verify-email-code'), '123456');
    await user.click(screen.getByTestId('passkey-submit'));
    expect(await screen.findByTestId('passkey-browser-failed')).toBeTruthy();
    expect(bodies['/uc/v1/passkeys/add']).toBeUndefined();
  }, 15_000);

  it('removes a passkey verified by a passkey instead of the codes', async () => {
    const bodies = stubServer(true);
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const user = userEvent.setup();
    renderPage(<SecurityPasskeys />, { path: '/' });
    await user.click(within(await screen.findByTestId('passkey-3')).getByTestId('passkey-remove'));
    await user.click(await screen.findByTestId('verify-use-passkey'));
    expect(await screen.findByTestId('verify-passkey-chosen')).toBeTruthy();
    expect(screen.queryByTestId('verify-email-code')).toBeNull();
    // The browser is asked only on submission, for a challenge of this purpose.
    expect(startAuthentication).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('passkey-submit'));

    await waitFor(() => expect(bodies['/uc/v1/passkeys/remove']).toHaveLength(1));
    expect(bodies['/uc/v1/passkeys/assertion-options']).toEqual([{ purpose: 'passkey' }]);
    expect(startAuthentication).toHaveBeenCalledWith({ optionsJSON: assertionOptions });
    expect(bodies['/uc/v1/passkeys/remove']![0]).toEqual({ id: '3', passkey: assertion });
  }, 15_000);
});
