import type { SecondFactor } from '@coffer/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { secondFactorsApi } from '../api/second-factors';
import { usePasskeyChoice } from './passkey-choice';
import { SecurityVerificationFields } from './security-verification-fields';

afterEach(() => {
  vi.restoreAllMocks();
});

function ChangePasswordFields() {
  return <SecurityVerificationFields passkey={usePasskeyChoice('changePassword')} />;
}

function renderFields(twofaList: SecondFactor[]) {
  vi.spyOn(secondFactorsApi, 'status').mockResolvedValue({
    twofaList,
    maskedEmail: twofaList.includes('email') ? 'ab***@example.com' : null,
    maskedPhone: twofaList.includes('sms') ? '+44 790****1234' : null,
  });
  renderPage(
    <Form>
      <ChangePasswordFields />
    </Form>,
    { path: '/' },
  );
  return screen.findByTestId('security-verification');
}

const fieldIds = ['verify-email-code', 'verify-email-send', 'verify-sms-code', 'verify-sms-send', 'verify-ga-code'];

function shownFields(): string[] {
  return fieldIds.filter((id) => screen.queryByTestId(id) !== null);
}

describe('SecurityVerificationFields', () => {
  it('asks only for the e-mail code when only e-mail is bound', async () => {
    await renderFields(['email']);
    expect(shownFields()).toEqual(['verify-email-code', 'verify-email-send']);
    expect(screen.getByText('The code is sent to ab***@example.com')).toBeTruthy();
  });

  it('asks for the SMS and authenticator codes when phone and authenticator are bound', async () => {
    await renderFields(['ga', 'sms']);
    expect(shownFields()).toEqual(['verify-sms-code', 'verify-sms-send', 'verify-ga-code']);
    expect(screen.getByLabelText('SMS verification code')).toBeTruthy();
    expect(screen.getByLabelText('Google Authenticator code')).toBeTruthy();
  });

  it('asks for all three codes when all three factors are bound, sending codes for the purpose', async () => {
    const user = userEvent.setup();
    const sendUserCode = vi.spyOn(secondFactorsApi, 'sendUserCode').mockResolvedValue({ resendAfterSeconds: 60 });
    await renderFields(['ga', 'sms', 'email']);
    expect(shownFields()).toEqual(fieldIds);
    expect(screen.getByLabelText('E-mail verification code')).toBeTruthy();

    await user.click(screen.getByTestId('verify-sms-send'));
    await waitFor(() => expect(sendUserCode).toHaveBeenCalledWith({ purpose: 'changePassword', channel: 'sms' }));
    await user.click(screen.getByTestId('verify-email-send'));
    await waitFor(() => expect(sendUserCode).toHaveBeenCalledWith({ purpose: 'changePassword', channel: 'email' }));
  });
});
