import { custodyPaths, identityPaths } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import {
  CustodyEnvelope,
  custodyNamespaces,
  meOf,
  postedTo,
  sessionUserOf,
  stubCustodyApi,
} from '../../features/custody/components/custody-test-kit';
import { closeToast, currentToasts } from '../../shared/ui/toast-store';
import { CustodyLayout } from './custody-layout';

const slow = { timeout: 5_000 };

function renderConsole(url: string, routeName: string) {
  return renderPage(<CustodyLayout />, { path: url.split('?')[0]!, url, namespaces: custodyNamespaces, routeName });
}

afterEach(() => {
  vi.restoreAllMocks();
  closeToast('error');
});

describe('the hardware-key banner', { timeout: 20_000 }, () => {
  it('asks a member without the key their organisation requires to register one, linking to the step', async () => {
    const user = userEvent.setup();
    stubCustodyApi({ [custodyPaths.me]: { ...meOf(['review']), hardwareKeyMissing: true }, [identityPaths.userInfo]: sessionUserOf() });
    renderConsole('/custody', 'custodyHome');
    const banner = await screen.findByTestId('custody-hardware-key-banner', {}, slow);
    expect(banner.textContent).toContain('Your organisation requires a security key or passkey');
    const link = screen.getByTestId('custody-hardware-key-link');
    expect(link.getAttribute('href')).toBe('/custody/activate?step=securityKey');
    await user.click(link);
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/custody/activate?step=securityKey');
  });

  it('is not shown to a member who has a key or whose organisation requires none', async () => {
    stubCustodyApi({ [custodyPaths.me]: meOf(['review']), [identityPaths.userInfo]: sessionUserOf() });
    renderConsole('/custody', 'custodyHome');
    await screen.findByRole('link', { name: 'Config overview' }, slow);
    expect(screen.queryByTestId('custody-hardware-key-banner')).toBeNull();
  });

  it('is not shown on the activation page, which asks for the key itself', async () => {
    stubCustodyApi({ [custodyPaths.me]: { ...meOf(['review']), hardwareKeyMissing: true }, [identityPaths.userInfo]: sessionUserOf() });
    renderConsole('/custody/activate?step=securityKey', 'custodyActivate');
    await screen.findByRole('link', { name: 'Config overview' }, slow);
    expect(screen.queryByTestId('custody-hardware-key-banner')).toBeNull();
  });
});

describe('the console session length', { timeout: 20_000 }, () => {
  it('logs a member whose login is older than the length out and sends them to log in again, back to the page', async () => {
    const spy = stubCustodyApi({
      [custodyPaths.me]: new CustodyEnvelope('custodySessionExpired'),
      [identityPaths.userInfo]: sessionUserOf(),
      [`POST ${identityPaths.logout}`]: null,
    });
    renderConsole('/custody/roles', 'custodyRoles');
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe(`/login?redirect=${encodeURIComponent('/custody/roles')}`);
    expect(postedTo(spy, identityPaths.logout)).toHaveLength(1);
    expect(currentToasts().error?.text).toBe(errorMessage('custodySessionExpired', 'en'));
    expect(screen.queryByTestId('custody-access-error')).toBeNull();
  });
});
