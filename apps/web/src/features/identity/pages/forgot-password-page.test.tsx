import { errorMessage } from '@coffer/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { identityApi } from '../api/identity-api';
import { ForgotPasswordPage } from './forgot-password-page';

type User = ReturnType<typeof userEvent.setup>;

function renderForgotPassword() {
  return renderPage(<ForgotPasswordPage />, { path: '/forgotPassword', routeName: 'forgotPassword' });
}

async function passVerification(user: User) {
  await user.type(screen.getByTestId('reset-account'), 'carol@example.com');
  await user.click(screen.getByTestId('reset-send-code'));
  await user.type(screen.getByTestId('reset-code'), '246810');
  await user.click(screen.getByTestId('reset-next'));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('ForgotPasswordPage', { timeout: 20_000 }, () => {
  it('checks the account and code before asking the server', async () => {
    const sendResetCode = vi.spyOn(identityApi, 'sendResetCode');
    const verifyResetCode = vi.spyOn(identityApi, 'verifyResetCode');
    const user = userEvent.setup();
    renderForgotPassword();

    await user.type(screen.getByTestId('reset-account'), 'carol@');
    await user.click(screen.getByTestId('reset-send-code'));
    expect(await screen.findByText(errorMessage('emailOrPhoneFormat', 'en'))).toBeTruthy();
    expect(sendResetCode).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('reset-code'), '12ab');
    await user.click(screen.getByTestId('reset-next'));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(verifyResetCode).not.toHaveBeenCalled();
  });

  it('verifies, then sets the new password with the authenticator code when required', async () => {
    const sendResetCode = vi.spyOn(identityApi, 'sendResetCode').mockResolvedValue({ resendAfterSeconds: 60 });
    const verifyResetCode = vi
      .spyOn(identityApi, 'verifyResetCode')
      .mockResolvedValue({ resetToken: 'reset-token', twofaRequired: ['ga'] });
    const resetPassword = vi.spyOn(identityApi, 'resetPassword').mockResolvedValue(null);
    const user = userEvent.setup();
    renderForgotPassword();

    await passVerification(user);
    expect(sendResetCode).toHaveBeenCalledWith({ accountType: 'email', account: 'carol@example.com', countryCode: undefined });
    expect(verifyResetCode).toHaveBeenCalledWith({
      accountType: 'email',
      account: 'carol@example.com',
      countryCode: undefined,
      code: '246810',
    });

    const password = await screen.findByTestId('reset-password');
    await user.type(password, 'short');
    await user.type(screen.getByTestId('reset-confirm'), 'short');
    await user.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByText(errorMessage('passwordRuleViolated', 'en'))).toBeTruthy();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(resetPassword).not.toHaveBeenCalled();

    await user.clear(password);
    await user.type(password, 'New#Secret9');
    await user.clear(screen.getByTestId('reset-confirm'));
    await user.type(screen.getByTestId('reset-confirm'), 'New#Secret9');
    await user.type(screen.getByTestId('reset-ga-code'), '135790{Enter}');

    await waitFor(() =>
      expect(resetPassword).toHaveBeenCalledWith({
        resetToken: 'reset-token',
        password: 'New#Secret9',
        confirmPassword: 'New#Secret9',
        gaCode: '135790',
      }),
    );
    await user.click(await screen.findByTestId('reset-to-login'));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
  });

  it('asks for no authenticator code when the account has none', async () => {
    vi.spyOn(identityApi, 'sendResetCode').mockResolvedValue({ resendAfterSeconds: 60 });
    vi.spyOn(identityApi, 'verifyResetCode').mockResolvedValue({ resetToken: 'reset-token', twofaRequired: [] });
    const resetPassword = vi.spyOn(identityApi, 'resetPassword').mockResolvedValue(null);
    const user = userEvent.setup();
    renderForgotPassword();

    await passVerification(user);
    await user.type(await screen.findByTestId('reset-password'), 'New#Secret9');
    expect(screen.queryByTestId('reset-ga-code')).toBeNull();
    await user.type(screen.getByTestId('reset-confirm'), 'New#Secret9{Enter}');
    await waitFor(() => expect(resetPassword).toHaveBeenCalledWith(expect.objectContaining({ gaCode: undefined })));
    expect(await screen.findByText('Your password has been reset')).toBeTruthy();
  });
});
