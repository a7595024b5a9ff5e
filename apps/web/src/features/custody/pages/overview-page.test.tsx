import { custodyPaths, type CustodyOverview } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import custodyMoney from '../../../shared/i18n/locales/en/custodyMoney.json';
import { accountBalancesOf } from '../components/custody-money-test-kit';
import { CustodyEnvelope, custodyNamespaces, meOf, stubCustodyApi } from '../components/custody-test-kit';
import { CustodyOverviewPage } from './overview-page';

const slow = { timeout: 5_000 };
const render = () => renderPage(<CustodyOverviewPage />, { path: '/custody', namespaces: { ...custodyNamespaces, custodyMoney } });

const overview: CustodyOverview = {
  organisation: { id: '5', name: 'Acme Treasury AG', country: 'CH', industry: 'fund', createdAt: '2026-11-20T09:00:00.000Z' },
  lines: [
    { id: '1', name: 'Payroll', minReviewers: 2, reviewerCount: 3 },
    { id: '2', name: 'Treasury', minReviewers: 3, reviewerCount: 1 },
  ],
  membersByRole: [
    { roleId: '11', roleName: 'admin', active: 1, invited: 0, frozen: 0 },
    { roleId: '12', roleName: 'lineAdmin', active: 2, invited: 1, frozen: 0 },
    { roleId: '15', roleName: 'Auditors', active: 0, invited: 2, frozen: 1 },
  ],
  accounts: [
    { id: '21', name: 'Main hot wallet', kind: 'hot', tier: 'enterprise', addressCount: 12, createdAt: '2026-11-20T09:00:00.000Z' },
    { id: '22', name: 'Vault', kind: 'cold', tier: 'prime', addressCount: 0, createdAt: '2026-11-20T09:00:00.000Z' },
  ],
  pending: { invitations: 3, hardwareKeysMissing: 1 },
};

/** Main hot wallet holds BTC and USDT (10 frozen); the vault nothing yet. */
const balances = {
  usdValue: '292345.67',
  accounts: [
    accountBalancesOf({ accountId: '21', name: 'Main hot wallet' }),
    accountBalancesOf({ accountId: '22', name: 'Vault', kind: 'cold', tier: 'prime', usdValue: '0.00', assets: [] }),
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('CustodyOverviewPage', { timeout: 20_000 }, () => {
  it('shows the organisation, lines with reviewers against the minimum, members by role, accounts and pending actions', async () => {
    stubCustodyApi({ [custodyPaths.overview]: overview, [custodyPaths.balances]: balances, [custodyPaths.me]: meOf(['review']) });
    render();
    await screen.findByTestId('custody-overview', {}, slow);
    expect(within(screen.getByTestId('custody-organisation')).getByText('Acme Treasury AG')).toBeTruthy();
    const reviewers = screen.getAllByTestId('custody-line-reviewers').map((cell) => cell.textContent);
    expect(reviewers).toEqual(['3 (minimum 2) ', '1 (minimum 3) Below minimum']);
    expect(screen.getAllByTestId('custody-role-name').map((cell) => cell.textContent)).toEqual([
      'Enterprise admin',
      'Business-line admin',
      'Auditors',
    ]);
    expect(within(screen.getByTestId('custody-accounts')).getByText('Hot storage')).toBeTruthy();
    expect(within(screen.getByTestId('custody-accounts')).getByText('12 / 200')).toBeTruthy();
    expect(screen.getByText('Invitations not used yet: 3')).toBeTruthy();
    expect(screen.getByText('Members still to register a security key: 1')).toBeTruthy();
  });

  it('shows each account with its balances per asset and USD value, the total, and the move for members who may order', async () => {
    stubCustodyApi({ [custodyPaths.overview]: overview, [custodyPaths.balances]: balances, [custodyPaths.me]: meOf(['orders']) });
    render();
    expect((await screen.findByTestId('balances-total', {}, slow)).textContent).toBe('Total $292,345.67');
    expect(screen.getByTestId('balances-usd-21').textContent).toBe('$292,345.67');
    expect(screen.getByTestId('balances-usd-22').textContent).toBe('$0.00');
    const assets = screen.getByTestId('balances-assets-21');
    expect(assets.textContent).toContain('3.23456789 BTC');
    expect(assets.textContent).toContain('1,244.56 USDT10.00 frozen');
    expect(within(screen.getByTestId('custody-accounts')).getByText('Nothing held yet')).toBeTruthy();
    expect(await screen.findByTestId('balances-move', {}, slow)).toBeTruthy();
  });

  it('still shows the accounts when their balances fail, with the reason and a retry', async () => {
    stubCustodyApi({
      [custodyPaths.overview]: overview,
      [custodyPaths.balances]: new CustodyEnvelope('serviceUnavailable'),
      [custodyPaths.me]: meOf(['review']),
    });
    render();
    const failed = await screen.findByTestId('balances-load-error', {}, slow);
    expect(failed.textContent).toContain(errorMessage('serviceUnavailable', 'en'));
    expect(within(failed).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(within(screen.getByTestId('custody-accounts')).getByText('Main hot wallet')).toBeTruthy();
    expect(screen.queryByTestId('balances-move')).toBeNull();
  });

  it('says what is empty', async () => {
    stubCustodyApi({
      [custodyPaths.overview]: {
        ...overview,
        lines: [],
        membersByRole: [],
        accounts: [],
        pending: { invitations: 0, hardwareKeysMissing: 0 },
      },
    });
    render();
    expect((await screen.findByTestId('custody-no-lines', {}, slow)).textContent).toContain('No business lines yet');
    expect(screen.getByTestId('custody-no-accounts')).toBeTruthy();
    expect(screen.getByTestId('custody-nothing-pending')).toBeTruthy();
  });

  it('shows the loading skeleton, then the error envelope: with a retry where another try can help, without one for a refusal', async () => {
    stubCustodyApi({ [custodyPaths.overview]: new CustodyEnvelope('noPermission') });
    const first = render();
    expect(screen.getByTestId('custody-overview-loading')).toBeTruthy();
    const refusal = await screen.findByTestId('custody-load-error', {}, slow);
    expect(refusal.textContent).toContain(errorMessage('noPermission', 'en'));
    expect(within(refusal).queryByTestId('custody-load-error-retry')).toBeNull();
    first.unmount();

    stubCustodyApi({ [custodyPaths.overview]: new CustodyEnvelope('serviceUnavailable') });
    render();
    const failure = await screen.findByTestId('custody-load-error', {}, slow);
    expect(failure.textContent).toContain(errorMessage('serviceUnavailable', 'en'));
    expect(within(failure).getByTestId('custody-load-error-retry')).toBeTruthy();
  });
});
