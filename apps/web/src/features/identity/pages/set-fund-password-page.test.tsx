import { errorMessage } from '@coffer/contract/errors';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { secondFactorsApi } from '../../../shared/api/second-factors';
import { identityApi } from '../api/identity-api';
import { SetFundPasswordPage } from './set-fund-password-page';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderSetFundPassword() {
  return renderPage(<SetFundPasswordPage />, { path: '/', routes: [{ path: '*', element: <p>elsewhere</p> }] });
}

describe('SetFundPasswordPage', () => {
  it('refuses consecutive, repeated and mismatched fund passwords without calling the server', async () => {
    const user = userEvent.setup();
    vi.spyOn(secondFactorsApi, 'status').mockResolvedValue({
      twofaList: ['email'],
      maskedEmail: 'ab***@example.com',
      maskedPhone: null,
    });
    const setFundPassword = vi.spyOn(identityApi, 'setFundPassword').mockResolvedValue(null);
    renderSetFundPassword();

    const submit = await screen.findByTestId('fund-password-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    const password = screen.getByTestId('fund-password');
    const confirmation = screen.getByTestId('fund-password-confirm');
    await user.type(screen.getByTestId('verify-email-code'), '123456');
    const ruleText = errorMessage('fundPasswordRuleViolated', 'en');

    await user.type(password, '123456');
    await user.type(confirmation, '123456');
    await user.click(submit);
    expect(await screen.findByText(ruleText)).toBeTruthy();

    await user.clear(password);
    await user.clear(confirmation);
    await user.type(password, '111111');
    await user.type(confirmation, '111111');
    await user.click(submit);
    expect(await screen.findByText(ruleText)).toBeTruthy();

    await user.clear(password);
    await user.clear(confirmation);
    await user.type(password, '385926');
    await user.type(confirmation, '385927');
    await user.click(submit);
    expect(await screen.findByText(errorMessage('passwordsNotSame', 'en'))).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(ruleText)).toBeNull());

    expect(setFundPassword).not.toHaveBeenCalled();
  });

  it('sends a valid fund password with the bound factors and returns to the security centre', async () => {
    const user = userEvent.setup();
    vi.spyOn(secondFactorsApi, 'status').mockResolvedValue({
      twofaList: ['ga', 'email'],
      maskedEmail: 'ab***@example.com',
      maskedPhone: null,
    });
    const setFundPassword = vi.spyOn(identityApi, 'setFundPassword').mockResolvedValue(null);
    renderSetFundPassword();

    const submit = await screen.findByTestId('fund-password-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.type(screen.getByTestId('fund-password'), '385926');
    await user.type(screen.getByTestId('fund-password-confirm'), '385926');
    await user.type(screen.getByTestId('verify-email-code'), '111222');
    await user.type(screen.getByTestId('verify-ga-code'), '333444');
    await user.click(submit);

    await waitFor(() =>
      expect(setFundPassword).toHaveBeenCalledWith({
        fundPassword: '385926',
        confirmFundPassword: '385926',
        emailCode: '111222',
        gaCode: '333444',
      }),
    );
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
