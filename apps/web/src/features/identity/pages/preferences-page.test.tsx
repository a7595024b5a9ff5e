import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import zhCnSecurity from '../../../shared/i18n/locales/zh-CN/security.json';
import { createTestI18n } from '../../../../test/i18n';
import { renderPage } from '../../../../test/render-page';
import { ToastHost } from '../../../shared/ui/toast-host';
import { closeToast } from '../../../shared/ui/toast-store';
import { PreferencesPage } from './preferences-page';

afterEach(() => {
  closeToast('success');
  vi.restoreAllMocks();
  localStorage.clear();
});

const stored = {
  language: null,
  fiat: 'USD',
  notifyLogin: true,
  notifyWithdrawal: true,
  notifyDeposit: true,
  notifyMarketing: false,
};

/** The server: GET preferences answers `stored`; set-preferences merges the body and answers the result. */
function stubServer() {
  let current: Record<string, unknown> = { ...stored };
  const bodies: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    let data: unknown = null;
    if (url.pathname === '/uc/v1/preferences') data = current;
    if (url.pathname === '/uc/v1/action/set-preferences') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      current = { ...current, ...body };
      data = current;
    }
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
  });
  // The toasts live outside the router, as in the app.
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <ToastHost />
    </I18nextProvider>,
  );
  return { bodies };
}

describe('PreferencesPage', () => {
  it('shows the stored choices and saves a notice switch and the valuation currency', async () => {
    const user = userEvent.setup();
    const { bodies } = stubServer();
    renderPage(<PreferencesPage />, { path: '/' });

    const login = await screen.findByRole('switch', { name: 'New sign-ins' });
    expect(login.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'News and offers' }).getAttribute('aria-checked')).toBe('false');
    // Security notices are always on and cannot be switched off.
    const security = screen.getByRole('switch', { name: 'Security notices' });
    expect(security.getAttribute('aria-checked')).toBe('true');
    expect(security.hasAttribute('disabled')).toBe(true);

    await user.click(login);
    await waitFor(() => expect(bodies).toEqual([{ notifyLogin: false }]));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'New sign-ins' }).getAttribute('aria-checked')).toBe('false'));

    await user.click(screen.getByText('CNY'));
    await waitFor(() => expect(bodies).toEqual([{ notifyLogin: false }, { fiat: 'CNY' }]));
    expect(localStorage.getItem('fiat')).toBe('cny');
    expect(await screen.findByText('Preferences saved')).toBeTruthy();
  }, 20_000);

  it('switches the interface language at once when the language is saved', async () => {
    const { bodies } = stubServer();
    renderPage(<PreferencesPage />, { path: '/', namespaces: {} });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByTitle('Русский'));
    await waitFor(() => expect(bodies).toEqual([{ language: 'ru' }]));
    await waitFor(() => expect(document.documentElement.lang).toBe('ru'));
    expect(localStorage.getItem('fiat')).toBeNull();
  });

  it('reads in Simplified Chinese', async () => {
    const user = userEvent.setup();
    const { bodies } = stubServer();
    renderPage(<PreferencesPage />, { path: '/', language: 'zh-CN', namespaces: { security: zhCnSecurity } });

    const withdrawals = await screen.findByRole('switch', { name: '提币' });
    expect(screen.getByRole('heading', { name: '偏好设置' })).toBeTruthy();
    expect(screen.getByText('邮件通知')).toBeTruthy();
    expect(screen.getByText('验证码和安全设置变更通知始终发送，无法关闭。')).toBeTruthy();
    await user.click(withdrawals);
    await waitFor(() => expect(bodies).toEqual([{ notifyWithdrawal: false }]));
    expect(await screen.findByText('偏好设置已保存')).toBeTruthy();
  }, 20_000);
});
