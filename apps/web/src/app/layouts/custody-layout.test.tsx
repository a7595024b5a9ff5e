import { custodyPaths, identityPaths, type CustodyPermission } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import {
  CustodyEnvelope,
  custodyNamespaces,
  meOf,
  sessionUserOf,
  stubCustodyApi,
} from '../../features/custody/components/custody-test-kit';
import { visibleCustodyMenu, type CustodyMenuItem } from '../../features/custody/components';
import { CustodyLayout } from './custody-layout';

const slow = { timeout: 5_000 };

function renderConsole(url: string, routeName: string) {
  return renderPage(<CustodyLayout />, { path: '/custody', url, namespaces: custodyNamespaces, routeName });
}

afterEach(() => vi.restoreAllMocks());

describe('custody console menu', () => {
  const items: CustodyMenuItem[] = [
    { key: 'overview', route: 'custodyHome', gate: 'anyMember' },
    { key: 'roles', route: 'custodyRoles', gate: 'members' },
    { key: 'businessLines', route: 'custodyBusinessLines', gate: 'lines' },
    { key: 'addresses', route: 'custodyAddresses', gate: 'addresses' },
    { key: 'apply', route: 'custodyApply', gate: null },
  ];
  const keys = (permissions: CustodyPermission[] | null) => visibleCustodyMenu(items, permissions).map((item) => item.key);

  it('shows a member only the items their permissions allow, and a non-member only applying', () => {
    expect(keys(['review'])).toEqual(['overview', 'apply']);
    expect(keys(['members', 'addresses'])).toEqual(['overview', 'roles', 'addresses', 'apply']);
    expect(keys(['members', 'addresses', 'lines', 'settings'])).toEqual(['overview', 'roles', 'businessLines', 'addresses', 'apply']);
    expect(keys(null)).toEqual(['apply']);
  });
});

describe('CustodyLayout', { timeout: 20_000 }, () => {
  it('shows the menu of an active member', async () => {
    stubCustodyApi({ [custodyPaths.me]: meOf(['review']), [identityPaths.userInfo]: sessionUserOf() });
    renderConsole('/custody', 'custodyHome');
    const menu = await screen.findByRole('navigation', { name: 'Custody console' });
    expect(await within(menu).findByText('Config overview', {}, slow)).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Config overview', 'Transfer history', 'Withdrawal orders', 'Apply for custody']);
  });

  it("shows an enterprise admin every console page there is, in the spec's §2 order", async () => {
    const all: CustodyPermission[] = ['orders', 'review', 'trade', 'assetReport', 'members', 'addresses', 'lines', 'settings', 'accounts'];
    stubCustodyApi({ [custodyPaths.me]: meOf(all), [identityPaths.userInfo]: sessionUserOf() });
    renderConsole('/custody', 'custodyHome');
    const menu = await screen.findByRole('navigation', { name: 'Custody console' });
    expect(await within(menu).findByText('Business lines', {}, slow)).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Config overview',
      'Business lines',
      'Common settings',
      'Roles',
      'Personnel',
      'Asset report',
      'Transfer history',
      'Rate statistics',
      'Deposit',
      'Single withdrawal',
      'Withdrawal orders',
      'Common addresses',
      'Billing',
      'Apply for custody',
      'Mining pool linking',
    ]);
  });

  it('tells a customer without custody to contact the administrator, with the way to apply', async () => {
    stubCustodyApi({ [custodyPaths.me]: new CustodyEnvelope('custodyNotEnabled'), [identityPaths.userInfo]: sessionUserOf() });
    renderConsole('/custody', 'custodyHome');
    const screenState = await screen.findByTestId('custody-not-enabled', {}, slow);
    expect(screenState.textContent).toContain(errorMessage('custodyNotEnabled', 'en'));
    expect(await screen.findByTestId('custody-apply-link', {}, slow)).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Custody console' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Apply for custody']);
  });

  it('tells a frozen member so', async () => {
    stubCustodyApi({ [custodyPaths.me]: new CustodyEnvelope('custodyMemberFrozen'), [identityPaths.userInfo]: sessionUserOf() });
    renderConsole('/custody', 'custodyHome');
    expect((await screen.findByTestId('custody-frozen', {}, slow)).textContent).toContain(errorMessage('custodyMemberFrozen', 'en'));
  });
});
