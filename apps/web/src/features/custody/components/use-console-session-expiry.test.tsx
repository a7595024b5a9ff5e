import { custodyPaths, identityPaths } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { call } from '../../../shared/http/call';
import { closeToast } from '../../../shared/ui/toast-store';
import { CustodyEnvelope, custodyNamespaces, postedTo, stubCustodyApi } from './custody-test-kit';
import { useConsoleSessionExpiry } from './use-console-session-expiry';

afterEach(() => {
  vi.restoreAllMocks();
  closeToast('error');
});

const slow = { timeout: 5_000 };

/** A console page as far as the hook cares: a query that works, and a change that may be refused. */
function ConsolePage() {
  useConsoleSessionExpiry();
  const roles = useQuery({ queryKey: ['custody', 'roles'], queryFn: () => call(custodyConsoleEndpoints.roles, {}) });
  const save = useMutation({
    mutationFn: () => call(custodyConsoleEndpoints.addRole, { body: { name: 'Ops', description: '', permissions: [] } }),
  });
  return (
    <div>
      <p data-testid="loaded">{roles.data ? 'yes' : 'no'}</p>
      <button type="button" onClick={() => save.mutate()}>
        Save
      </button>
    </div>
  );
}

describe('useConsoleSessionExpiry', { timeout: 20_000 }, () => {
  it('leaves a working console alone', async () => {
    const spy = stubCustodyApi({ [custodyPaths.roles]: [] });
    renderPage(<ConsolePage />, { path: '/custody/roles', namespaces: custodyNamespaces });
    expect((await screen.findByText('yes', {}, slow)).textContent).toBe('yes');
    expect(postedTo(spy, identityPaths.logout)).toEqual([]);
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('sends the member to log in again, once, when a change is refused for the session length', async () => {
    const user = userEvent.setup();
    const spy = stubCustodyApi({
      [`GET ${custodyPaths.roles}`]: [],
      [`POST ${custodyPaths.roles}`]: new CustodyEnvelope('custodySessionExpired'),
      [`POST ${identityPaths.logout}`]: null,
    });
    renderPage(<ConsolePage />, { path: '/custody/roles', url: '/custody/roles?page=2', namespaces: custodyNamespaces });
    await screen.findByText('yes', {}, slow);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await user.click(save);
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe(
      `/login?redirect=${encodeURIComponent('/custody/roles?page=2')}`,
    );
    expect(postedTo(spy, identityPaths.logout)).toHaveLength(1);
  });
});
