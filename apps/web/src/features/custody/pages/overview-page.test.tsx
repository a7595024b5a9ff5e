import { custodyPaths, type CustodyOverview } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { CustodyEnvelope, custodyNamespaces, stubCustodyApi } from '../components/custody-test-kit';
import { CustodyOverviewPage } from './overview-page';

const slow = { timeout: 5_000 };
const render = () => renderPage(<CustodyOverviewPage />, { path: '/custody', namespaces: custodyNamespaces });

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
  ],
  pending: { invitations: 3, hardwareKeysMissing: 1 },
};

afterEach(() => vi.restoreAllMocks());

describe('CustodyOverviewPage', { timeout: 20_000 }, () => {
  it('shows the organisation, lines with reviewers against the minimum, members by role, accounts and pending actions', async () => {
    stubCustodyApi({ [custodyPaths.overview]: overview });
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
    expect(screen.getByText('Invitations not used yet: 3')).toBeTruthy();
    expect(screen.getByText('Members still to register a security key: 1')).toBeTruthy();
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

  it('shows the loading skeleton, then the error envelope with a retry', async () => {
    stubCustodyApi({ [custodyPaths.overview]: new CustodyEnvelope('noPermission') });
    render();
    expect(screen.getByTestId('custody-overview-loading')).toBeTruthy();
    const error = await screen.findByTestId('custody-load-error', {}, slow);
    expect(error.textContent).toContain(errorMessage('noPermission', 'en'));
    expect(within(error).getByTestId('custody-retry')).toBeTruthy();
  });
});
