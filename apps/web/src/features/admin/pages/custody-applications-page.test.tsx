import { adminCustodyPaths, type AdminCustodyApplication } from '@coffer/contract';
import { adminPaths } from '@coffer/contract/admin-paths';
import { errorCatalogue, errorMessage } from '@coffer/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminEnvelope, adminCallsTo, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };
const detailPath = '/admin/api/v1/custody/applications/31';

function applicationOf(overrides: Partial<AdminCustodyApplication> = {}): AdminCustodyApplication {
  return {
    id: '31',
    companyName: 'Acme Treasury AG',
    country: 'CH',
    industry: 'fund',
    website: 'https://acme.test',
    contactName: 'Ada Acme',
    phone: '+41441234567',
    email: 'cfo@acme.test',
    state: 'pending',
    rejectReason: null,
    salespersonEmail: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    decidedAt: null,
    userNo: '10001',
    account: 'cf***@acme.test',
    decidedBy: null,
    organisationId: null,
    ...overrides,
  };
}

afterEach(() => vi.restoreAllMocks());

describe('back-office custody applications', { timeout: 30_000 }, () => {
  it('is in the menu only with custody.review', async () => {
    stubAdminApi({ [adminPaths.me]: operatorWith(['kyc.review']) });
    renderAdmin('/admin/kyc');
    const menu = await screen.findByTestId('admin-menu', {}, slow);
    expect(within(menu).queryByText('Custody applications')).toBeNull();
  });

  it('lists pending applications first and filters by state', async () => {
    const user = userEvent.setup();
    const spy = stubAdminApi({
      [adminPaths.me]: operatorWith(['custody.review']),
      [adminCustodyPaths.applications]: ({ url }: { url: URL }) =>
        url.searchParams.get('state') === 'rejected' ? { total: 0, items: [] } : { total: 1, items: [applicationOf()] },
    });
    renderAdmin('/admin/custody');
    const table = await screen.findByTestId('custody-applications', {}, slow);
    expect(within(table).getByText('Acme Treasury AG')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
    expect(within(screen.getByTestId('admin-menu')).getByText('Custody applications')).toBeTruthy();
    await user.click(screen.getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByTitle('Rejected'));
    expect((await screen.findByTestId('custody-empty', {}, slow)).textContent).toBe('No custody applications in this state.');
    const states = spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === adminCustodyPaths.applications)
      .map((url) => url.searchParams.get('state'));
    expect(states).toEqual(['pending', 'rejected']);
  });

  it('enables with the salesperson e-mail after confirming, and shows a refusal', async () => {
    const user = userEvent.setup();
    let enableAnswer: unknown = new AdminEnvelope(
      errorCatalogue.custodyApplicationDecided.code,
      errorMessage('custodyApplicationDecided', 'en'),
    );
    const spy = stubAdminApi({
      [adminPaths.me]: operatorWith(['custody.review']),
      [`GET ${detailPath}`]: applicationOf(),
      [`POST ${detailPath}/enable`]: () => enableAnswer,
    });
    renderAdmin('/admin/custody/31');
    await user.click(await screen.findByTestId('custody-enable', {}, slow));
    await user.type(screen.getByTestId('custody-salesperson'), 'not-an-email');
    await user.click(screen.getByTestId('custody-enable-confirm'));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(adminCallsTo(spy, 'POST', `${detailPath}/enable`)).toHaveLength(0);

    await user.clear(screen.getByTestId('custody-salesperson'));
    await user.type(screen.getByTestId('custody-salesperson'), 'sales@coffer.test');
    await user.click(screen.getByTestId('custody-enable-confirm'));
    expect(await screen.findByText(errorMessage('custodyApplicationDecided', 'en'))).toBeTruthy();

    enableAnswer = applicationOf({
      state: 'enabled',
      salespersonEmail: 'sales@coffer.test',
      decidedAt: '2026-11-21T09:00:00.000Z',
      decidedBy: 'operator:7',
      organisationId: '5',
    });
    await user.click(screen.getByTestId('custody-enable-confirm'));
    const decided = (await screen.findByTestId('custody-decided', {}, slow)).textContent;
    expect(decided).toContain('sales@coffer.test');
    expect(decided).toContain('Decided by: Operator #7');
    expect(decided).not.toContain('operator:7');
    expect(adminCallsTo(spy, 'POST', `${detailPath}/enable`)).toEqual([
      { salespersonEmail: 'sales@coffer.test' },
      { salespersonEmail: 'sales@coffer.test' },
    ]);
  });

  it('rejects with the reason after confirming', async () => {
    const user = userEvent.setup();
    const spy = stubAdminApi({
      [adminPaths.me]: operatorWith(['custody.review']),
      [`GET ${detailPath}`]: applicationOf(),
      [`POST ${detailPath}/reject`]: ({ body }: { body: { reason: string } }) =>
        applicationOf({ state: 'rejected', rejectReason: body.reason }),
    });
    renderAdmin('/admin/custody/31');
    await user.click(await screen.findByTestId('custody-reject', {}, slow));
    await user.click(screen.getByTestId('custody-reject-confirm'));
    expect(await screen.findByText('Write the reason the applicant will see')).toBeTruthy();
    await user.type(screen.getByTestId('custody-reject-reason'), '  Registry extract missing ');
    await user.click(screen.getByTestId('custody-reject-confirm'));
    await waitFor(() => expect(screen.getByTestId('custody-decided').textContent).toContain('Registry extract missing'), slow);
    expect(adminCallsTo(spy, 'POST', `${detailPath}/reject`)).toEqual([{ reason: 'Registry extract missing' }]);
  });
});
