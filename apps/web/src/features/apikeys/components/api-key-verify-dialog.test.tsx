import { apiKeyPaths, errorCatalogue, type VerifyApiKeyChangeBody } from '@coffer/contract';
import { captchaPaths } from '@coffer/contract/captcha-paths';
import { identityPaths } from '@coffer/contract/identity-paths';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAltchaElement } from '../../../../test/fake-altcha';
import { apiKeyChanges } from '../api/change-api-key';
import { ApiKeysEnvelope, pendingChange, renderApiKeys, requestsOf, stubApiKeysApi } from './apikeys-test-kit';
import { ApiKeyVerifyDialog } from './api-key-verify-dialog';

vi.mock('../../../shared/captcha/altcha-loader', async () => (await import('../../../../test/fake-altcha')).fakeAltchaLoader);
vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startAuthentication).mockReset();
  // A widget of a test before is no widget of the next.
  FakeAltchaElement.last = null;
});

function posted(fetchSpy: ReturnType<typeof stubApiKeysApi>, path: string) {
  return requestsOf(fetchSpy)
    .filter((request) => request.route === `POST ${path}`)
    .map((request) => request.body);
}

/** The dialog as the page uses it: `onVerify` sends the verified request and rejects with its error. */
function renderDialog(change = pendingChange({ twofaList: ['email', 'ga'] })) {
  const verified: VerifyApiKeyChangeBody[] = [];
  const onVerify = async (body: VerifyApiKeyChangeBody) => {
    await apiKeyChanges.verifyCreate(body);
    verified.push(body);
  };
  renderApiKeys(<ApiKeyVerifyDialog change={change} onVerify={onVerify} onCancel={() => undefined} />);
  return verified;
}

describe('ApiKeyVerifyDialog', { timeout: 30_000 }, () => {
  it('checks each code with the shared code field and sends the codes without a captcha while none is demanded', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubApiKeysApi({ [`POST ${apiKeyPaths.verifyCreate}`]: {} });
    const verified = renderDialog();

    await user.type(await screen.findByTestId('apikey-verify-email-code', {}, slow), '12345');
    await user.click(screen.getByTestId('apikey-verify-submit'));
    expect((await screen.findAllByText('Enter the 6-digit code')).length).toBeGreaterThan(0);
    expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toEqual([]);

    // A well-formed e-mail code, the authenticator code still empty: refused at the field, nothing sent.
    await user.type(screen.getByTestId('apikey-verify-email-code'), '6');
    await user.click(screen.getByTestId('apikey-verify-submit'));
    expect(await screen.findByText('Enter the code')).toBeTruthy();
    expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toEqual([]);

    await user.type(screen.getByTestId('apikey-verify-ga-code'), '654321');
    await user.click(screen.getByTestId('apikey-verify-submit'));
    await waitFor(() => expect(verified).toHaveLength(1));
    expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toEqual([{ changeId: 'chg_1', emailCode: '123456', gaCode: '654321' }]);
    expect(screen.queryByTestId('apikey-verify-captcha')).toBeNull();
  });

  it('shows the captcha when the server demands it and retries with each solved token, never one spent', async () => {
    const user = userEvent.setup();
    const demands = [errorCatalogue.captchaRequired, errorCatalogue.captchaWrong];
    let tokens = 0;
    const fetchSpy = stubApiKeysApi({
      [`POST ${apiKeyPaths.verifyCreate}`]: () => {
        const demand = demands.shift();
        return demand ? new ApiKeysEnvelope(demand.code, demand.messages.en) : {};
      },
      [`POST ${captchaPaths.verify}`]: () => ({ captchaToken: `apiKey.${(tokens += 1)}.id.mac`, expiresInSeconds: 120 }),
    });
    const verified = renderDialog();

    await user.type(await screen.findByTestId('apikey-verify-email-code', {}, slow), '111111');
    await user.type(screen.getByTestId('apikey-verify-ga-code'), '222222');
    expect(screen.queryByTestId('apikey-verify-captcha')).toBeNull();
    await user.click(screen.getByTestId('apikey-verify-submit'));

    // captchaRequired: the widget appears, for a challenge of purpose apiKey.
    expect(await screen.findByTestId('apikey-verify-captcha', {}, slow)).toBeTruthy();
    await waitFor(() => expect(FakeAltchaElement.last?.config.challenge).toBe(captchaPaths.challenge));
    const firstWidget = FakeAltchaElement.last!;

    // Solved: verified once at /cap/v2/action/verify, then the same verification again with the token.
    firstWidget.solve('c29sdmVk');
    await waitFor(() => expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toHaveLength(2));
    expect(posted(fetchSpy, captchaPaths.verify)).toEqual([{ purpose: 'apiKey', payload: 'c29sdmVk' }]);

    // That token was refused (captchaWrong): a new challenge, whose token the next try carries.
    await waitFor(() => expect(FakeAltchaElement.last).not.toBe(firstWidget));
    FakeAltchaElement.last!.solve('YWdhaW4=');
    await waitFor(() => expect(verified).toHaveLength(1));
    const codes = { changeId: 'chg_1', emailCode: '111111', gaCode: '222222' };
    expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toEqual([
      codes,
      { ...codes, captchaToken: 'apiKey.1.id.mac' },
      { ...codes, captchaToken: 'apiKey.2.id.mac' },
    ]);
  });
});

const assertionOptions = { challenge: 'api-key-challenge', allowCredentials: [{ id: 'cred-1' }] };
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };
const withdrawChange = pendingChange({ twofaList: ['ga', 'email'], fundPasswordRequired: true });

/** The customer's second factors (with or without a passkey) and the passkey challenge, as the stub answers them. */
function passkeyAnswers(hasPasskey: boolean) {
  return {
    [identityPaths.twofaStatus]: { twofaList: ['ga', 'email'], hasPasskey, maskedEmail: 'ab***@example.com', maskedPhone: null },
    [identityPaths.passkeyAssertionOptions]: assertionOptions,
  };
}

describe('ApiKeyVerifyDialog with a passkey', { timeout: 30_000 }, () => {
  it('asks for every code when the customer has no passkey', async () => {
    const fetchSpy = stubApiKeysApi(passkeyAnswers(false));
    renderDialog(withdrawChange);
    await waitFor(() => expect(requestsOf(fetchSpy).map((request) => request.route)).toContain(`POST ${identityPaths.twofaStatus}`));
    expect(await screen.findByTestId('apikey-verify-email-code', {}, slow)).toBeTruthy();
    expect(screen.getByTestId('apikey-verify-ga-code')).toBeTruthy();
    expect(screen.queryByTestId('apikey-verify-use-passkey')).toBeNull();
  });

  it('verifies with the fund password and an assertion for an API key challenge in place of every code', async () => {
    const fetchSpy = stubApiKeysApi({ ...passkeyAnswers(true), [`POST ${apiKeyPaths.verifyCreate}`]: {} });
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const verified = renderDialog(withdrawChange);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('apikey-verify-use-passkey', {}, slow));
    expect(screen.queryByTestId('apikey-verify-email-code')).toBeNull();
    expect(screen.queryByTestId('apikey-verify-ga-code')).toBeNull();
    await user.type(screen.getByTestId('apikey-verify-fund-password'), '258036');
    await user.click(screen.getByTestId('apikey-verify-submit'));

    await waitFor(() => expect(verified).toEqual([{ changeId: 'chg_1', passkey: assertion, fundPassword: '258036' }]), slow);
    expect(posted(fetchSpy, identityPaths.passkeyAssertionOptions)).toEqual([{ purpose: 'apiKey' }]);
  });

  it('retries a captcha demand with the solved token and a new assertion, the first challenge being spent', async () => {
    const user = userEvent.setup();
    const demands = [errorCatalogue.captchaRequired];
    const fetchSpy = stubApiKeysApi({
      ...passkeyAnswers(true),
      [`POST ${apiKeyPaths.verifyCreate}`]: () => {
        const demand = demands.shift();
        return demand ? new ApiKeysEnvelope(demand.code, demand.messages.en) : {};
      },
      [`POST ${captchaPaths.verify}`]: { captchaToken: 'apiKey.1.id.mac', expiresInSeconds: 120 },
    });
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const verified = renderDialog(withdrawChange);

    await user.click(await screen.findByTestId('apikey-verify-use-passkey', {}, slow));
    await user.type(screen.getByTestId('apikey-verify-fund-password'), '258036');
    await user.click(screen.getByTestId('apikey-verify-submit'));
    expect(await screen.findByTestId('apikey-verify-captcha', {}, slow)).toBeTruthy();
    await waitFor(() => expect(FakeAltchaElement.last?.config.challenge).toBe(captchaPaths.challenge));
    FakeAltchaElement.last!.solve('c29sdmVk');

    await waitFor(() => expect(verified).toHaveLength(1), slow);
    const byPasskey = { changeId: 'chg_1', passkey: assertion, fundPassword: '258036' };
    expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toEqual([byPasskey, { ...byPasskey, captchaToken: 'apiKey.1.id.mac' }]);
    expect(posted(fetchSpy, identityPaths.passkeyAssertionOptions)).toEqual([{ purpose: 'apiKey' }, { purpose: 'apiKey' }]);
    expect(startAuthentication).toHaveBeenCalledTimes(2);
  });
});
