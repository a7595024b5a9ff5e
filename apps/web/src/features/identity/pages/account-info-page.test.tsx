import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { identityApi } from '../api/identity-api';
import { AccountInfoPage } from './account-info-page';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const record = (id: string, operationType: number | null, status: 'success' | 'failed' = 'success', location = 'unknown') => ({
  id,
  time: '2026-03-02T09:15:00.000Z',
  device: 'Chrome on macOS',
  status,
  ip: '203.0.113.7',
  location,
  operationType,
});

const answers: Record<string, unknown> = {
  '/uc/v1/account-info': { userNo: '80012345', lastLoginAt: '2026-03-01T08:00:00.000Z', kycLevel: 2, fiat: 'USD' },
  '/uc/login-history': {
    pageNo: 1,
    pageSize: 10,
    total: 2,
    records: [record('l1', null, 'success', 'loopback'), record('l2', null, 'failed', 'privateNetwork')],
  },
  '/uc/edit-history': {
    pageNo: 1,
    pageSize: 10,
    total: 3,
    records: [record('s1', 1001), record('s2', 1008), record('s3', 1007, 'failed')],
  },
};

/** The server answers the page's GET calls with envelopes. */
function stubServer() {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const data = answers[url.pathname];
    return new Response(
      JSON.stringify(data === undefined ? { code: 19000005, msg: 'not found', data: null } : { code: 0, msg: 'ok', data }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  });
}

describe('AccountInfoPage', () => {
  it('shows the profile and a page of security history with translated operation names', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubServer();
    renderPage(<AccountInfoPage />, { path: '/' });

    expect((await screen.findByTestId('account-user-no')).textContent).toBe('80012345');
    expect(screen.getByTestId('account-kyc-level').textContent).toBe('Advanced');

    await user.click(screen.getByRole('tab', { name: 'Security history' }));
    const table = await screen.findByTestId('security-history');
    expect(await within(table).findByText('Bind Google Authenticator')).toBeTruthy();
    // The screens' own term: "fund password", never "payment password".
    expect(within(table).getByText('Set fund password')).toBeTruthy();
    expect(within(table).queryByText(/payment password/i)).toBeNull();
    expect(within(table).getByText('Change phone')).toBeTruthy();
    expect(within(table).getByText('Failed')).toBeTruthy();
    expect(within(table).getAllByText('203.0.113.7')).toHaveLength(3);
    expect(within(table).getByText('Total: 3')).toBeTruthy();

    const historyCall = fetchSpy.mock.calls.find(([input]) => String(input).startsWith('/uc/edit-history'));
    expect(String(historyCall?.[0])).toContain('pageNo=1');
    expect(String(historyCall?.[0])).toContain('pageSize=10');
  });

  it("names where a login came from in the user's language, from the server's key", async () => {
    stubServer();
    renderPage(<AccountInfoPage />, { path: '/' });

    const table = await screen.findByTestId('login-history');
    expect(await within(table).findByText('This computer (loopback)')).toBeTruthy();
    expect(within(table).getByText('Private network')).toBeTruthy();
    expect(within(table).queryByText('loopback')).toBeNull();
  });

  it('stores the valuation currency after the server accepts it', async () => {
    const user = userEvent.setup();
    stubServer();
    const setFiat = vi.spyOn(identityApi, 'setFiat').mockResolvedValue(null);
    renderPage(<AccountInfoPage />, { path: '/' });

    await screen.findByRole('radio', { name: 'CNY' });
    await user.click(screen.getByText('CNY'));
    expect(setFiat).toHaveBeenCalledWith('CNY');
    await vi.waitFor(() => expect(localStorage.getItem('fiat')).toBe('cny'));
  });
});
