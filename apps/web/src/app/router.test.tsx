import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestI18n } from '../../test/i18n';
import { closeLoginPrompt } from '../shared/ui/login-prompt-store';
import { closeToast } from '../shared/ui/toast-store';
import { buildRoutes } from './router';

/** A logged-out browser: every call but the public site configuration answers HTTP 401. */
function loggedOutFetch(input: string | URL | Request): Response {
  const url = String(input instanceof Request ? input.url : input);
  if (url.startsWith('/pfs/anon/v1/site-config')) {
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { mobileSiteUrl: null, brandVariant: false } }), { status: 200 });
  }
  return new Response(JSON.stringify({ code: 403, msg: 'Please log in first', data: null }), { status: 401 });
}

function renderApp(url: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    buildRoutes({
      queryClient,
      loadNamespaces: async () => undefined,
      userAgent: () => 'Mozilla/5.0 (X11; Linux x86_64)',
      goToExternal: vi.fn(),
    }),
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={createTestI18n()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request) => loggedOutFetch(input)),
  );
});

afterEach(() => {
  // Unmounted before the real fetch is back, so no call of this app outlives its stub.
  cleanup();
  closeLoginPrompt();
  closeToast('error');
  vi.unstubAllGlobals();
});

describe('a protected page opened while logged out', { timeout: 20_000 }, () => {
  it.each(['/propertyCenter/dashboard', '/propertyCenter/balance', '/propertyCenter/withdraw', '/trade/orders'])(
    'shows only the login prompt on %s',
    async (url) => {
      renderApp(url);
      const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
      expect(within(dialog).getByText('Please log in first')).toBeTruthy();
      // Nothing of the page behind it: no failed-load state, no menu, no toast.
      expect(screen.queryByText(/did not answer|could not be loaded|Could not load/i)).toBeNull();
      expect(screen.queryByRole('navigation')).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
    },
  );

  it('goes to login with the page as the redirect target', async () => {
    const user = userEvent.setup();
    const router = renderApp('/propertyCenter/bills');
    await user.click(await screen.findByRole('button', { name: 'Log In' }, { timeout: 10_000 }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?redirect=%2FpropertyCenter%2Fbills'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
