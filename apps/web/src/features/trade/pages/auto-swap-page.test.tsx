import type { AutoSwapSettingBody } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { closeToast, currentToasts } from '../../../shared/ui/toast-store';
import { requests, stubTradeApi } from '../../../../test/trade-kit';
import { AutoSwapPage } from './auto-swap-page';

afterEach(() => {
  vi.restoreAllMocks();
  closeToast('success');
  closeToast('error');
});

const supported = [
  { sourceCoin: 'BTC', targetCoin: 'USDT' },
  { sourceCoin: 'USDT', targetCoin: 'BTC' },
  { sourceCoin: 'XRP', targetCoin: 'USDT' },
];

/** A tiny settings store behind the stubbed API, so each change is read back as the server would answer it. */
function stubSettings() {
  const settings = new Map([['BTC', { sourceCoin: 'BTC', targetCoin: 'USDT', enabled: true, updatedAt: '2026-03-01T10:00:00.000Z' }]]);
  const saved: AutoSwapSettingBody[] = [];
  const spy = stubTradeApi({
    'GET /trade/auto-swap/settings': () => ({ settings: [...settings.values()], supported }),
    'PUT /trade/auto-swap/settings': ({ body }: { body: unknown }) => {
      const setting = { ...(body as AutoSwapSettingBody), updatedAt: '2026-03-02T10:00:00.000Z' };
      saved.push(body as AutoSwapSettingBody);
      settings.set(setting.sourceCoin, setting);
      return setting;
    },
    'DELETE /trade/auto-swap/settings/BTC': () => {
      settings.delete('BTC');
      return null;
    },
  });
  return { spy, saved };
}

describe('AutoSwapPage', () => {
  it('switches a setting off in place, adds one from the supported combinations and deletes one after confirmation', async () => {
    const user = userEvent.setup();
    const { spy, saved } = stubSettings();
    renderPage(<AutoSwapPage />, { path: '/trade/automaticSwap' });

    const toggle = await screen.findByTestId('auto-swap-switch-BTC', {}, { timeout: 15_000 });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    await waitFor(() => expect(saved).toEqual([{ sourceCoin: 'BTC', targetCoin: 'USDT', enabled: false }]));
    await waitFor(() => expect(screen.getByTestId('auto-swap-switch-BTC').getAttribute('aria-checked')).toBe('false'));
    expect(currentToasts().success?.text).toBe('Automatic swap of BTC switched off');

    await user.click(screen.getByTestId('auto-swap-add'));
    const dialog = await screen.findByRole('dialog');
    // BTC already has a setting: the first free source coin is offered.
    expect(within(dialog).getByTestId('auto-swap-source').textContent).toContain('USDT');
    await user.click(within(within(dialog).getByTestId('auto-swap-target')).getByRole('combobox'));
    const options = await screen.findAllByTitle('BTC');
    await user.click(options[options.length - 1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved.at(-1)).toEqual({ sourceCoin: 'USDT', targetCoin: 'BTC', enabled: true }));
    expect(await screen.findByTestId('auto-swap-switch-USDT')).toBeTruthy();

    await user.click(screen.getByTestId('auto-swap-delete-BTC'));
    expect(requests(spy)).not.toContain('DELETE /trade/auto-swap/settings/BTC');
    await user.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('auto-swap-switch-BTC')).toBeNull());
    expect(requests(spy)).toContain('DELETE /trade/auto-swap/settings/BTC');
  }, 40_000);
});
