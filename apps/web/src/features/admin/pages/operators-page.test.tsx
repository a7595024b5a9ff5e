import type { OperatorListItem } from '@coffer/contract';
import { adminPaths } from '@coffer/contract/admin-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCallsTo, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

const admin: OperatorListItem = {
  id: '1',
  email: 'admin@coffer.local',
  name: null,
  role: 'superAdmin',
  state: 'active',
  lastLoginAt: '2026-03-02T09:15:00.000Z',
  createdAt: '2026-03-01T09:15:00.000Z',
};
const invited: OperatorListItem = {
  id: '2',
  email: 'sam@coffer.test',
  name: 'Sam',
  role: 'support',
  state: 'pending',
  lastLoginAt: null,
  createdAt: '2026-03-02T10:00:00.000Z',
};

describe('operators', { timeout: 25_000 }, () => {
  it('lists the operators with role, state and last login, and lists the new one after an invitation', async () => {
    const user = userEvent.setup();
    let operators = [admin];
    const fetchSpy = stubAdminApi({
      [adminPaths.me]: operatorWith(['operators.manage'], 'superAdmin'),
      [`GET ${adminPaths.operators}`]: () => operators,
      [`POST ${adminPaths.operators}`]: () => {
        operators = [invited, admin];
        return {
          id: '2',
          email: invited.email,
          role: 'support',
          activationLink: 'http://x/admin/activate?token=abc',
          expiresAt: '2026-03-03T10:00:00.000Z',
        };
      },
    });
    renderAdmin('/admin/operators');

    const table = await screen.findByTestId('operators-table', {}, slow);
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(first!.textContent).toContain('admin@coffer.local');
    expect(first!.textContent).toContain('Super admin');
    expect(within(first!).getByTestId('operator-state').textContent).toBe('Active');
    expect(first!.textContent).toContain('2026');

    await user.type(screen.getByTestId('operator-email'), invited.email);
    await user.click(screen.getByTestId('operator-role'));
    await user.click(await screen.findByTitle('Support', {}, slow));
    await user.click(screen.getByTestId('operator-create'));
    expect(await screen.findByTestId('operator-activation-link', {}, slow)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('operators-table')).getAllByRole('row')).toHaveLength(3), slow);
    const states = within(screen.getByTestId('operators-table'))
      .getAllByTestId('operator-state')
      .map((tag) => tag.textContent);
    expect(states).toEqual(['Not activated', 'Active']);
    expect(adminCallsTo(fetchSpy, 'POST', adminPaths.operators)).toEqual([{ email: invited.email, role: 'support' }]);
  });

  it('says so when there is no operator to list', async () => {
    stubAdminApi({ [adminPaths.me]: operatorWith(['operators.manage'], 'superAdmin'), [`GET ${adminPaths.operators}`]: [] });
    renderAdmin('/admin/operators');
    expect((await screen.findByTestId('operators-empty', {}, slow)).textContent).toBe('No operators yet.');
  });
});
