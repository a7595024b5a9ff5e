import { errorMessage } from '@coffer/contract/errors';
import type { LoggedIn } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { identityApi } from '../api/identity-api';
import { SignUpPage } from './sign-up-page';

type User = ReturnType<typeof userEvent.setup>;

function renderSignUp(kind: 'personal' | 'enterprise' | 'invite', url?: string) {
  const routes = {
    personal: { path: '/sign', routeName: 'signPage' },
    enterprise: { path: '/sign/enterprise', routeName: 'enterpriseSignPage' },
    invite: { path: '/invitePage/sign', routeName: 'invitePageSign' },
  } as const;
  return renderPage(<SignUpPage />, { ...routes[kind], url: url ?? routes[kind].path });
}

async function chooseResidence(user: User, search: string, optionName: string) {
  await user.click(screen.getByLabelText('Country or region of residence'));
  await user.keyboard(search);
  const option = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item[title="${optionName}"]`);
    if (!found) throw new Error(`no option ${optionName}`);
    return found;
  });
  await user.click(option);
}

async function fillValidForm(user: User) {
  await chooseResidence(user, 'Germ', 'Germany');
  await user.type(screen.getByTestId('signup-account'), 'bob@example.com');
  await user.type(screen.getByTestId('signup-code'), '123456');
  await user.type(screen.getByTestId('signup-password'), 'Strong#Pass1');
  await user.type(screen.getByTestId('signup-confirm'), 'Strong#Pass1');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('SignUpPage', { timeout: 20_000 }, () => {
  it('refuses a password breaking the rule and an unticked agreement without calling the API', async () => {
    const register = vi.spyOn(identityApi, 'register');
    const user = userEvent.setup();
    renderSignUp('personal');

    await chooseResidence(user, 'Germ', 'Germany');
    await user.type(screen.getByTestId('signup-account'), 'bob@example.com');
    await user.type(screen.getByTestId('signup-code'), '123456');
    await user.type(screen.getByTestId('signup-password'), 'alllowercase');
    await user.type(screen.getByTestId('signup-confirm'), 'alllowercase');
    await user.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText(errorMessage('passwordRuleViolated', 'en'))).toBeTruthy();
    expect(await screen.findByText('Please accept the User Agreement and Privacy Policy to continue')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('refuses a confirmation that differs and a restricted country of residence', async () => {
    const register = vi.spyOn(identityApi, 'register');
    const user = userEvent.setup();
    renderSignUp('personal');

    await chooseResidence(user, 'Iran', 'Iran');
    await user.type(screen.getByTestId('signup-password'), 'Strong#Pass1');
    await user.type(screen.getByTestId('signup-confirm'), 'Strong#Pass2');
    await user.click(screen.getByTestId('signup-agree'));
    await user.click(screen.getByTestId('signup-submit'));

    expect(await screen.findByText(errorMessage('passwordsNotSame', 'en'))).toBeTruthy();
    expect(await screen.findByText(errorMessage('countryRestricted', 'en'))).toBeTruthy();
    expect(register).not.toHaveBeenCalled();
  });

  it('ticks the password rules off as the user types', async () => {
    const user = userEvent.setup();
    renderSignUp('personal');
    const hint = screen.getByTestId('password-hint');
    expect(within(hint).getAllByText('(not yet)')).toHaveLength(2);
    await user.type(screen.getByTestId('signup-password'), 'Strong#Pass1');
    expect(within(hint).getAllByText('(done)')).toHaveLength(2);
  });

  it('registers an enterprise account and opens the security settings', async () => {
    const sendRegisterCode = vi.spyOn(identityApi, 'sendRegisterCode').mockResolvedValue({ resendAfterSeconds: 60 });
    const register = vi.spyOn(identityApi, 'register').mockResolvedValue({} as LoggedIn);
    const user = userEvent.setup();
    renderSignUp('enterprise');

    await chooseResidence(user, 'Germ', 'Germany');
    await user.type(screen.getByTestId('signup-account'), 'bob@example.com');
    await user.click(screen.getByTestId('signup-send-code'));
    expect(sendRegisterCode).toHaveBeenCalledWith({ accountType: 'email', account: 'bob@example.com', countryCode: 'DE' });

    await user.type(screen.getByTestId('signup-code'), '123456');
    await user.type(screen.getByTestId('signup-password'), 'Strong#Pass1');
    await user.type(screen.getByTestId('signup-confirm'), 'Strong#Pass1');
    await user.click(screen.getByTestId('signup-agree'));
    await user.click(screen.getByTestId('signup-submit'));

    expect((await screen.findByTestId('location')).textContent).toBe('/propertyCenter/securitySetting');
    expect(register).toHaveBeenCalledWith({
      accountType: 'email',
      account: 'bob@example.com',
      countryCode: 'DE',
      code: '123456',
      password: 'Strong#Pass1',
      confirmPassword: 'Strong#Pass1',
      inviteCode: undefined,
      agreeTerms: true,
      accountKind: 'enterprise',
    });
  });

  it('does not send a code before the account is valid', async () => {
    const sendRegisterCode = vi.spyOn(identityApi, 'sendRegisterCode');
    const user = userEvent.setup();
    renderSignUp('personal');
    await user.type(screen.getByTestId('signup-account'), 'not-an-email');
    await user.click(screen.getByTestId('signup-send-code'));
    expect(await screen.findByText(errorMessage('emailOrPhoneFormat', 'en'))).toBeTruthy();
    expect(sendRegisterCode).not.toHaveBeenCalled();
  });

  it('refuses a phone number that is not valid in the country of residence', async () => {
    const sendRegisterCode = vi.spyOn(identityApi, 'sendRegisterCode').mockResolvedValue({ resendAfterSeconds: 60 });
    const user = userEvent.setup();
    renderSignUp('personal');
    await user.click(screen.getByTestId('signup-tab-phone'));
    await chooseResidence(user, 'Fran', 'France');
    // Valid in Germany, not in France.
    await user.type(screen.getByTestId('signup-account'), '15112345678');
    await user.click(screen.getByTestId('signup-send-code'));
    expect(await screen.findByText(errorMessage('emailOrPhoneFormat', 'en'))).toBeTruthy();
    expect(sendRegisterCode).not.toHaveBeenCalled();

    await user.clear(screen.getByTestId('signup-account'));
    await user.type(screen.getByTestId('signup-account'), '612345678');
    await user.click(screen.getByTestId('signup-send-code'));
    await waitFor(() =>
      expect(sendRegisterCode).toHaveBeenCalledWith(
        expect.objectContaining({ accountType: 'phone', account: '612345678', countryCode: 'FR' }),
      ),
    );
  });

  it('checks a typed invite code on blur and shows when it is not valid', async () => {
    const verifyInviteCode = vi.spyOn(identityApi, 'verifyInviteCode').mockResolvedValue({ valid: false });
    const register = vi.spyOn(identityApi, 'register');
    const user = userEvent.setup();
    renderSignUp('personal');

    await user.type(screen.getByTestId('signup-invite'), 'NOPE42');
    await user.tab();
    expect(await screen.findByText('This invite code is not valid. Check it or leave the field empty.')).toBeTruthy();
    expect(verifyInviteCode).toHaveBeenCalledWith('NOPE42');

    await fillValidForm(user);
    await user.click(screen.getByTestId('signup-agree'));
    await user.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(screen.getAllByText(/invite code is not valid/)).toHaveLength(1));
    expect(register).not.toHaveBeenCalled();
    expect(verifyInviteCode).toHaveBeenCalledTimes(1);
  });

  it('pre-fills and locks the code of an invite link', async () => {
    vi.spyOn(identityApi, 'verifyInviteCode').mockResolvedValue({ valid: true });
    const register = vi.spyOn(identityApi, 'register').mockResolvedValue({} as LoggedIn);
    const user = userEvent.setup();
    renderSignUp('invite', '/invitePage/sign?inviteCode=FRIEND7');

    const invite = screen.getByTestId('signup-invite') as HTMLInputElement;
    expect(invite.value).toBe('FRIEND7');
    expect(invite.readOnly).toBe(true);

    await fillValidForm(user);
    await user.click(screen.getByTestId('signup-agree'));
    await user.click(screen.getByTestId('signup-submit'));
    await waitFor(() => expect(register).toHaveBeenCalledWith(expect.objectContaining({ inviteCode: 'FRIEND7', accountKind: 'personal' })));
  });
});
