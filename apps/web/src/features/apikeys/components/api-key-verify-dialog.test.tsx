import type { ApiKeyPendingChange } from '@coffer/contract';
import { identityPaths } from '@coffer/contract/identity-paths';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiKeyVerifyDialog } from './api-key-verify-dialog';
import { renderApiKeys, requestsOf, stubApiKeysApi } from './apikeys-test-kit';

vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startAuthentication).mockReset();
});

const assertionOptions = { challenge: 'api-key-challenge', allowCredentials: [{ id: 'cred-1' }] };
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };
const change: ApiKeyPendingChange = {
  changeId: 'a'.repeat(32),
  kind: 'create',
  expiresAt: '2026-03-02T09:10:00.000Z',
  twofaList: ['ga', 'email'],
  fundPasswordRequired: true,
};

function renderDialog(hasPasskey: boolean) {
  const fetchSpy = stubApiKeysApi({
    [identityPaths.twofaStatus]: { twofaList: ['ga', 'email'], hasPasskey, maskedEmail: 'ab***@example.com', maskedPhone: null },
    [identityPaths.passkeyAssertionOptions]: assertionOptions,
  });
  const onVerify = vi.fn().mockResolvedValue(undefined);
  renderApiKeys(<ApiKeyVerifyDialog change={change} onVerify={onVerify} onCancel={() => undefined} />);
  return { fetchSpy, onVerify };
}

describe('ApiKeyVerifyDialog with a passkey', { timeout: 20_000 }, () => {
  it('asks for every code when the customer has no passkey', async () => {
    const { fetchSpy } = renderDialog(false);
    await waitFor(() => expect(requestsOf(fetchSpy).map((request) => request.route)).toContain(`POST ${identityPaths.twofaStatus}`));
    expect(await screen.findByTestId('apikey-verify-email-code')).toBeTruthy();
    expect(screen.getByTestId('apikey-verify-ga-code')).toBeTruthy();
    expect(screen.queryByTestId('apikey-verify-use-passkey')).toBeNull();
  });

  it('verifies with the fund password and an assertion for an API key challenge in place of every code', async () => {
    const { fetchSpy, onVerify } = renderDialog(true);
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('apikey-verify-use-passkey'));
    expect(screen.queryByTestId('apikey-verify-email-code')).toBeNull();
    expect(screen.queryByTestId('apikey-verify-ga-code')).toBeNull();
    await user.type(screen.getByTestId('apikey-verify-fund-password'), '258036');
    await user.click(screen.getByTestId('apikey-verify-submit'));

    await waitFor(() => expect(onVerify).toHaveBeenCalledWith({ changeId: change.changeId, passkey: assertion, fundPassword: '258036' }));
    expect(requestsOf(fetchSpy).filter((request) => request.route === `POST ${identityPaths.passkeyAssertionOptions}`)).toEqual([
      { route: `POST ${identityPaths.passkeyAssertionOptions}`, body: { purpose: 'apiKey' } },
    ]);
  });
});
