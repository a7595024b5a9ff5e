import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { LoginPrompt } from './login-prompt';
import { closeLoginPrompt, openLoginPrompt } from './login-prompt-store';
import { ToastHost } from './toast-host';
import { closeToast, showToast, toastDurationMs } from './toast-store';

const i18n = createTestI18n();

afterEach(() => {
  vi.useRealTimers();
  act(() => {
    closeToast('error');
    closeToast('success');
    closeLoginPrompt();
  });
});

describe('ToastHost', () => {
  it('shows one error and one success toast, replacing older ones', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ToastHost />
      </I18nextProvider>,
    );
    act(() => {
      showToast('error', 'first problem');
      showToast('error', 'second problem');
      showToast('success', 'done');
    });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toContain('second problem');
    expect(screen.getByRole('status').textContent).toContain('done');
  });

  it('closes after 3 seconds', () => {
    vi.useFakeTimers();
    render(
      <I18nextProvider i18n={i18n}>
        <ToastHost />
      </I18nextProvider>,
    );
    act(() => showToast('error', 'brief'));
    act(() => vi.advanceTimersByTime(toastDurationMs - 1));
    expect(screen.queryByRole('alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('can be closed by hand', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ToastHost />
      </I18nextProvider>,
    );
    act(() => showToast('error', 'closable'));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('LoginPrompt', () => {
  it('shows Notification / Please log in first / Log In once, and goes to login', async () => {
    const handleGoToLogin = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <LoginPrompt onGoToLogin={handleGoToLogin} />
      </I18nextProvider>,
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => {
      openLoginPrompt();
      openLoginPrompt();
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Notification' })).toBeTruthy();
    expect(screen.getByText('Please log in first')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Log In' });
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    expect(handleGoToLogin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
