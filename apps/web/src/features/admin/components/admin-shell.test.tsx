import { adminPaths } from '@coffer/contract/admin-paths';
import { errorCatalogue } from '@coffer/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { menuFor } from './admin-menu';
import { adminCallsTo, AdminEnvelope, operatorWith, renderAdmin, stubAdminApi } from './admin-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

const menuLabels = () =>
  within(screen.getByTestId('admin-menu'))
    .getAllByRole('link')
    .map((link) => link.getAttribute('data-testid'));

describe('menuFor', () => {
  it('lists only what the permissions allow, in the menu order', () => {
    expect(menuFor([]).map((item) => item.section)).toEqual([]);
    expect(menuFor(['customers.read', 'customers.lock']).map((item) => item.section)).toEqual(['customers']);
    // Limits are readable with kyc.review and editable with kyc.limits: either shows them.
    expect(menuFor(['kyc.limits']).map((item) => item.section)).toEqual(['limits']);
    expect(menuFor(['reconciliation.run', 'operators.manage', 'audit.read']).map((item) => item.section)).toEqual([
      'reconciliation',
      'audit',
      'operators',
    ]);
  });
});

describe('the back-office shell', { timeout: 25_000 }, () => {
  it("shows a compliance operator's menu, e-mail and role, and opens the first screen", async () => {
    stubAdminApi({
      [adminPaths.me]: operatorWith([
        'customers.read',
        'kyc.review',
        'audit.read',
        'sanctions.manage',
        'reconciliation.read',
        'custody.review',
      ]),
    });
    const { router } = renderAdmin('/admin');

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/customers'), slow);
    expect(menuLabels()).toEqual([
      'admin-menu-customers',
      'admin-menu-kyc',
      'admin-menu-limits',
      'admin-menu-reconciliation',
      'admin-menu-audit',
      'admin-menu-sanctions',
      'admin-menu-custody',
    ]);
    expect(screen.queryByTestId('admin-menu-operators')).toBeNull();
    expect(screen.getByTestId('admin-operator-email').textContent).toBe('ops@coffer.test');
    expect(screen.getByTestId('admin-operator-role').textContent).toBe('Compliance');
    expect(await screen.findByTestId('customer-search-prompt', {}, slow)).toBeTruthy();
  });

  it('gives a support operator only the customers, and refuses a screen typed in by address', async () => {
    stubAdminApi({ [adminPaths.me]: operatorWith(['customers.read', 'customers.lock'], 'support') });
    renderAdmin('/admin/audit');

    expect(await screen.findByTestId('admin-no-permission', {}, slow)).toBeTruthy();
    expect(menuLabels()).toEqual(['admin-menu-customers']);
  });

  it('shows the no-permission message when the server answers 403', async () => {
    stubAdminApi({
      [adminPaths.me]: operatorWith(['kyc.review']),
      '/admin/api/v1/kyc/queue': new AdminEnvelope(errorCatalogue.noPermission.code, 'No permission', 403),
    });
    renderAdmin('/admin/kyc');

    expect(await screen.findByTestId('admin-no-permission', {}, slow)).toBeTruthy();
  });

  it('logs out and goes to the login', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubAdminApi({
      [adminPaths.me]: operatorWith(['customers.read'], 'support'),
      [`POST ${adminPaths.logout}`]: null,
    });
    const { router } = renderAdmin('/admin/customers');

    await user.click(await screen.findByTestId('admin-logout', {}, slow));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'), slow);
    expect(adminCallsTo(fetchSpy, 'POST', adminPaths.logout)).toHaveLength(1);
  });

  it('opens the menu as a drawer from the top bar and closes it on a choice or Escape', async () => {
    const user = userEvent.setup();
    stubAdminApi({ [adminPaths.me]: operatorWith(['customers.read', 'kyc.review', 'audit.read']) });
    const { router } = renderAdmin('/admin/customers');

    const toggle = await screen.findByTestId('admin-menu-toggle', {}, slow);
    const sidebar = screen.getByTestId('admin-sidebar');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(sidebar.id);
    expect(sidebar.getAttribute('data-open')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(sidebar.getAttribute('data-open')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Close the menu');
    await user.click(await screen.findByTestId('admin-menu-audit', {}, slow));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/audit'), slow);
    expect(sidebar.getAttribute('data-open')).toBe('false');
    expect(screen.queryByTestId('admin-menu-backdrop')).toBeNull();

    await user.click(toggle);
    expect(screen.getByTestId('admin-menu-backdrop')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(sidebar.getAttribute('data-open')).toBe('false');
  });
});
