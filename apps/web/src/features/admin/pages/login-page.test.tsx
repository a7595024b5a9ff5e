import { errorCatalogue } from '@coffer/contract/errors';
import { adminPaths } from '@coffer/contract/admin-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoginPromptOpen } from '../../../shared/ui/login-prompt-store';
import { adminCallsTo, AdminEnvelope, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('operator login', { timeout: 25_000 }, () => {
  it('requires e-mail, password and authenticator code, and sends nothing without them', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubAdminApi({});
    renderAdmin('/admin/login');

    await user.click(await screen.findByTestId('admin-login-submit', {}, slow));

    expect(await screen.findByText('Enter your e-mail', {}, slow)).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(screen.getByText('Enter the authenticator code')).toBeTruthy();
    expect(adminCallsTo(fetchSpy, 'POST', adminPaths.login)).toHaveLength(0);

    // Two fields are not enough either.
    await user.type(screen.getByTestId('admin-login-email'), 'ops@coffer.test');
    await user.type(screen.getByTestId('admin-login-password'), 'Secret-pass1');
    await user.click(screen.getByTestId('admin-login-submit'));
    expect(await screen.findByText('Enter the authenticator code', {}, slow)).toBeTruthy();
    expect(adminCallsTo(fetchSpy, 'POST', adminPaths.login)).toHaveLength(0);
  });

  it("shows the server's refusal in the operator's language", async () => {
    const user = userEvent.setup();
    const wrong = errorCatalogue.operatorCredentialsWrong;
    const fetchSpy = stubAdminApi({ [`POST ${adminPaths.login}`]: new AdminEnvelope(wrong.code, 'wrong', 200) });
    renderAdmin('/admin/login');

    await user.type(await screen.findByTestId('admin-login-email', {}, slow), 'ops@coffer.test');
    await user.type(screen.getByTestId('admin-login-password'), 'Secret-pass1');
    await user.type(screen.getByTestId('admin-login-totp'), '123456');
    await user.click(screen.getByTestId('admin-login-submit'));

    const error = await screen.findByTestId('admin-login-error', {}, slow);
    expect(error.textContent).toContain(wrong.messages.en);
    expect(adminCallsTo(fetchSpy, 'POST', adminPaths.login)).toEqual([
      { email: 'ops@coffer.test', password: 'Secret-pass1', totpCode: '123456' },
    ]);
    // No customer toast or login prompt in the back office.
    expect(screen.queryByTestId('toast-error')).toBeNull();
  });

  it('logs in in one step and returns to the page the operator came from', async () => {
    const user = userEvent.setup();
    const operator = operatorWith(['kyc.review']);
    stubAdminApi({
      [`POST ${adminPaths.login}`]: operator,
      [adminPaths.me]: operator,
      '/admin/api/v1/kyc/queue': { total: 0, items: [] },
    });
    const { router } = renderAdmin('/admin/login?redirect=%2Fadmin%2Fkyc');

    await user.type(await screen.findByTestId('admin-login-email', {}, slow), 'ops@coffer.test');
    await user.type(screen.getByTestId('admin-login-password'), 'Secret-pass1');
    await user.type(screen.getByTestId('admin-login-totp'), '654321');
    await user.click(screen.getByTestId('admin-login-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/kyc'), slow);
    expect(await screen.findByTestId('kyc-queue-empty', {}, slow)).toBeTruthy();
    expect(within(screen.getByTestId('admin-operator')).getByText('ops@coffer.test')).toBeTruthy();
  });

  it('sends an operator without a session to the back-office login, never the customer login prompt', async () => {
    stubAdminApi({
      [adminPaths.me]: new AdminEnvelope(errorCatalogue.operatorLoginRequired.code, 'login', 401),
    });
    const { router } = renderAdmin('/admin/audit');

    expect(await screen.findByTestId('admin-login-page', {}, slow)).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/admin/login?redirect=%2Fadmin%2Faudit');
    expect(isLoginPromptOpen()).toBe(false);
  });
});
