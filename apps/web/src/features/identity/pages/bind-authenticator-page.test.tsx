import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../../test/i18n';
import { renderPage } from '../../../../test/render-page';
import { secondFactorsApi } from '../../../shared/api/second-factors';
import { ToastHost } from '../../../shared/ui/toast-host';
import { closeToast } from '../../../shared/ui/toast-store';
import { identityApi } from '../api/identity-api';
import { BindAuthenticatorPage } from './bind-authenticator-page';

afterEach(() => {
  vi.restoreAllMocks();
  act(() => {
    closeToast('error');
    closeToast('success');
  });
});

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function renderBindAuthenticator() {
  vi.spyOn(secondFactorsApi, 'status').mockResolvedValue({ twofaList: ['email'], maskedEmail: 'ab***@example.com', maskedPhone: null });
  const generate = vi.spyOn(identityApi, 'generateAuthenticator').mockResolvedValue({
    secret,
    otpauthUrl: `otpauth://totp/Coffer:ab%40example.com?secret=${secret}&issuer=Coffer`,
    qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
  });
  renderPage(<BindAuthenticatorPage />, { path: '/', routes: [{ path: '*', element: <p>elsewhere</p> }] });
  // The toasts live outside the router, as in the app, so they outlast a navigation.
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastHost />
    </I18nextProvider>,
  );
  return generate;
}

describe('BindAuthenticatorPage', () => {
  it('shows a fresh secret as QR code and text, and says so when copying fails', async () => {
    const user = userEvent.setup();
    const generate = renderBindAuthenticator();
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: () => Promise.reject(new Error('denied')) },
    });

    expect((await screen.findByTestId('ga-secret')).textContent).toBe(secret);
    expect(generate).toHaveBeenCalledTimes(1);
    const qr = screen.getByAltText('QR code to add Coffer to Google Authenticator');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);

    await user.click(screen.getByTestId('ga-copy'));
    expect((await screen.findByRole('alert')).textContent).toContain('Copy failed');
  });

  it('binds with the secret, the new code and the bound factors', async () => {
    const user = userEvent.setup();
    renderBindAuthenticator();
    const bind = vi.spyOn(identityApi, 'bindAuthenticator').mockResolvedValue(null);

    await screen.findByTestId('ga-secret');
    const submit = screen.getByTestId('ga-submit');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.type(screen.getByTestId('ga-new-code'), '12345');
    await user.click(submit);
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();
    expect(bind).not.toHaveBeenCalled();

    await user.type(screen.getByTestId('ga-new-code'), '6');
    await user.type(screen.getByTestId('verify-email-code'), '654321');
    await user.click(submit);
    await waitFor(() => expect(bind).toHaveBeenCalledWith({ secret, newGaCode: '123456', emailCode: '654321' }));
    expect(await screen.findByText('elsewhere')).toBeTruthy();
  });
});
