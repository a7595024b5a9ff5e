import { startAuthentication } from '@simplewebauthn/browser';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { secondFactorsApi } from '../api/second-factors';
import { ApiError } from '../http/http-client';
import commonZhCn from '../i18n/locales/zh-CN/common.json';
import { PasskeyChoiceField, usePasskeyChoice } from './passkey-choice';

vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(startAuthentication).mockReset();
});

const options = { challenge: 'challenge-1', allowCredentials: [{ id: 'cred-1' }] };
const assertion = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {}, clientExtensionResults: {} };

/** A verification form as the screens build one: the code fields inside the choice, the assertion asked for on submission. */
function VerificationForm({ onSend }: { onSend: (verification: unknown) => void }) {
  const passkey = usePasskeyChoice('transfer');
  const handleFinish = async () => {
    try {
      onSend(await passkey.assert());
    } catch {
      // The choice shows why.
    }
  };
  return (
    <Form onFinish={() => void handleFinish()}>
      <PasskeyChoiceField choice={passkey} testIdPrefix="test">
        <p data-testid="test-codes">codes</p>
      </PasskeyChoiceField>
      <button type="submit" data-testid="test-submit">
        Confirm
      </button>
    </Form>
  );
}

function renderForm(language: 'en' | 'zh-CN' = 'en') {
  vi.spyOn(secondFactorsApi, 'status').mockResolvedValue({ twofaList: ['email'], hasPasskey: true, maskedEmail: null, maskedPhone: null });
  const onSend = vi.fn();
  renderPage(<VerificationForm onSend={onSend} />, { path: '/', language, namespaces: language === 'en' ? {} : { common: commonZhCn } });
  return onSend;
}

describe('PasskeyChoiceField', { timeout: 20_000 }, () => {
  it('says the browser will not use a passkey here when WebAuthn refuses the page, and goes back to the codes', async () => {
    vi.spyOn(secondFactorsApi, 'passkeyAssertionOptions').mockResolvedValue(options);
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException('The RP ID is invalid for this domain', 'SecurityError'));
    const onSend = renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('test-use-passkey'));
    expect(screen.queryByTestId('test-codes')).toBeNull();
    await user.click(screen.getByTestId('test-submit'));

    expect((await screen.findByTestId('test-passkey-problem')).textContent).toBe(
      'This browser does not allow a passkey on this page. Use a verification code instead.',
    );
    expect(onSend).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('test-use-codes'));
    expect(screen.getByTestId('test-codes')).toBeTruthy();
    expect(screen.queryByTestId('test-passkey-problem')).toBeNull();
  });

  it('shows the server’s refusal of the challenge and opens no prompt', async () => {
    vi.spyOn(secondFactorsApi, 'passkeyAssertionOptions').mockRejectedValue(new ApiError(16000032, 'The passkey was not found.'));
    const onSend = renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('test-use-passkey'));
    await user.click(screen.getByTestId('test-submit'));

    expect((await screen.findByTestId('test-passkey-problem')).textContent).toBe(
      'Coffer could not start the passkey check: The passkey was not found.',
    );
    expect(startAuthentication).not.toHaveBeenCalled();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('speaks the customer’s language: a cancelled prompt in Simplified Chinese', async () => {
    vi.spyOn(secondFactorsApi, 'passkeyAssertionOptions').mockResolvedValue(options);
    vi.mocked(startAuthentication).mockRejectedValue(new DOMException('cancelled', 'NotAllowedError'));
    renderForm('zh-CN');
    const user = userEvent.setup();
    await user.click(await screen.findByText('改用通行密钥'));
    await user.click(screen.getByTestId('test-submit'));
    expect((await screen.findByTestId('test-passkey-problem')).textContent).toBe(commonZhCn.passkey.cancelled);
  });

  it('asks once for two quick submissions and hands both the one assertion', async () => {
    const assertionOptions = vi.spyOn(secondFactorsApi, 'passkeyAssertionOptions').mockResolvedValue(options);
    let answer: (value: never) => void = () => undefined;
    vi.mocked(startAuthentication).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const onSend = renderForm();
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('test-use-passkey'));
    await user.click(screen.getByTestId('test-submit'));
    await waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(1));
    expect(screen.getByTestId('test-passkey-chosen').textContent).toContain('Waiting for your passkey');
    await user.click(screen.getByTestId('test-submit'));
    answer(assertion as never);

    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(2));
    expect(onSend).toHaveBeenCalledWith({ passkey: assertion });
    expect(assertionOptions).toHaveBeenCalledTimes(1);
    expect(assertionOptions).toHaveBeenCalledWith('transfer');
  });
});
