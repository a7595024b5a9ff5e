import { custodyPaths, identityPaths } from '@coffer/contract';
import { errorMessage, type ErrorKey } from '@coffer/contract/errors';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { closeLoginPrompt } from '../../../shared/ui/login-prompt-store';
import { CustodyEnvelope, custodyNamespaces, meOf, postedTo, sessionUserOf, stubCustodyApi } from '../components/custody-test-kit';
import { CustodyActivatePage } from './activate-page';

const slow = { timeout: 5_000 };
const render = (url = '/custody/activate?token=tok-123') =>
  renderPage(<CustodyActivatePage />, { path: '/custody/activate', url, namespaces: custodyNamespaces });

afterEach(() => {
  vi.restoreAllMocks();
  closeLoginPrompt();
});

describe('CustodyActivatePage', { timeout: 20_000 }, () => {
  it('posts the token on confirming and goes to the console', async () => {
    const user = userEvent.setup();
    const spy = stubCustodyApi({ [identityPaths.userInfo]: sessionUserOf(), [`POST ${custodyPaths.activate}`]: meOf(['review']) });
    render();
    await user.click(await screen.findByTestId('custody-activate-confirm', {}, slow));
    expect((await screen.findByTestId('location', {}, slow)).textContent).toBe('/custody');
    expect(postedTo(spy, custodyPaths.activate)).toEqual([{ token: 'tok-123' }]);
  });

  it.each<ErrorKey>(['activationLinkExpired', 'custodyActivationOtherAccount', 'custodyAlreadyMember'])('shows %s', async (key) => {
    const user = userEvent.setup();
    stubCustodyApi({ [identityPaths.userInfo]: sessionUserOf(), [`POST ${custodyPaths.activate}`]: new CustodyEnvelope(key) });
    render();
    await user.click(await screen.findByTestId('custody-activate-confirm', {}, slow));
    expect((await screen.findByTestId('custody-activate-error', {}, slow)).textContent).toContain(errorMessage(key, 'en'));
  });

  it('sends a logged-out visitor to the login page with the way back', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response('{}', { status: 401 }));
    render();
    const login = await screen.findByTestId('custody-activate-login', {}, slow);
    expect(login.querySelector('a')?.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent('/custody/activate?token=tok-123')}`);
  });

  it('says when the link has no token', async () => {
    stubCustodyApi({ [identityPaths.userInfo]: sessionUserOf() });
    render('/custody/activate');
    expect(await screen.findByTestId('custody-activate-no-token', {}, slow)).toBeTruthy();
  });
});
