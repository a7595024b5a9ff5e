import { apiKeyPaths, errorCatalogue, type VerifyApiKeyChangeBody } from '@coffer/contract';
import { captchaPaths } from '@coffer/contract/captcha-paths';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeAltchaElement } from '../../../../test/fake-altcha';
import { apiKeyChanges } from '../api/change-api-key';
import { ApiKeysEnvelope, pendingChange, renderApiKeys, requestsOf, stubApiKeysApi } from './apikeys-test-kit';
import { ApiKeyVerifyDialog } from './api-key-verify-dialog';

vi.mock('../../../shared/captcha/altcha-loader', async () => (await import('../../../../test/fake-altcha')).fakeAltchaLoader);

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

function posted(fetchSpy: ReturnType<typeof stubApiKeysApi>, path: string) {
  return requestsOf(fetchSpy)
    .filter((request) => request.route === `POST ${path}`)
    .map((request) => request.body);
}

/** The dialog as the page uses it: `onVerify` sends the verified request and rejects with its error. */
function renderDialog() {
  const verified: VerifyApiKeyChangeBody[] = [];
  const onVerify = async (body: VerifyApiKeyChangeBody) => {
    await apiKeyChanges.verifyCreate(body);
    verified.push(body);
  };
  renderApiKeys(
    <ApiKeyVerifyDialog change={pendingChange({ twofaList: ['email', 'ga'] })} onVerify={onVerify} onCancel={() => undefined} />,
  );
  return verified;
}

describe('ApiKeyVerifyDialog', { timeout: 30_000 }, () => {
  it('checks each code with the shared code field and sends the codes without a captcha while none is demanded', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubApiKeysApi({ [`POST ${apiKeyPaths.verifyCreate}`]: {} });
    const verified = renderDialog();

    await user.type(await screen.findByTestId('apikey-verify-email-code', {}, slow), '12345');
    await user.click(screen.getByTestId('apikey-verify-submit'));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(screen.getByText('Enter the code')).toBeTruthy();
    expect(posted(fetchSpy, apiKeyPaths.verifyCreate)).toEqual([]);

    await user.type(screen.getByTestId('apikey-verify-email-code'), '6');
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
