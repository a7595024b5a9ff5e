import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { pathTo } from '../../shared/routes';
import { AccountLayout } from './account-layout';
import { accountMenu, isMenuGroup } from './menu';

const user = { userNo: '10000001', email: 'a***@example.com', phone: null, fiat: 'USD' };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 0, msg: 'ok', data: user }), { status: 200 })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function currentLinks() {
  const menu = screen.getByRole('navigation', { name: 'Personal centre' });
  return within(menu)
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);
}

describe('the account menu (spec §2 menu items)', () => {
  it('links every item to a page of its own', () => {
    const routes = accountMenu.flatMap((entry) => (isMenuGroup(entry) ? entry.items : [entry])).map((item) => item.route);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each([
    ['tradeSpot', 'Exchange'],
    ['tradeAutomaticSwap', 'Automatic swap'],
    ['tradeOrders', 'Orders'],
    ['tradeAutomaticSwapOrders', 'Auto swap orders'],
  ] as const)('marks only one item current on %s', (route, label) => {
    renderPage(<AccountLayout />, { path: pathTo(route) });
    expect(currentLinks()).toEqual([label]);
  });

  it('shows "Trade" as the heading of its pages, in the spec order', () => {
    renderPage(<AccountLayout />, { path: pathTo('propertyCenterDashboard') });
    const group = screen.getByRole('list', { name: 'Trade' });
    expect(
      within(group)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Exchange', 'Automatic swap', 'Orders', 'Auto swap orders']);
  });
});
