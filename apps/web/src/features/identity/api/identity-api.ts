import type { EndpointBody } from '@coffer/contract/endpoint';
import { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { secondFactorsApi } from '../../../shared/api/second-factors';
import { call } from '../../../shared/http/call';

type Body<K extends keyof typeof identityEndpoints> = EndpointBody<(typeof identityEndpoints)[K]>;

/**
 * Every identity call of spec §7, typed from packages/contract. Each rejects after the HTTP
 * client has shown the error (toast or login prompt), so callers only react to success.
 */
export const identityApi = {
  sendRegisterCode: (body: Body<'registerCode'>) => call(identityEndpoints.registerCode, { body }),
  register: (body: Body<'register'>) => call(identityEndpoints.register, { body }),
  verifyInviteCode: (inviteCode: string) => call(identityEndpoints.inviteCodeVerify, { query: { inviteCode } }),
  preLogin: (body: Body<'preLogin'>) => call(identityEndpoints.preLogin, { body }),
  login: (body: Body<'login'>) => call(identityEndpoints.login, { body }),
  sendLoginCode: (body: Body<'loginCode'>) => call(identityEndpoints.loginCode, { body }),
  loginTwofa: (body: Body<'loginTwofa'>) => call(identityEndpoints.loginTwofa, { body }),
  sendResetCode: (body: Body<'resetCode'>) => call(identityEndpoints.resetCode, { body }),
  verifyResetCode: (body: Body<'verifyResetCode'>) => call(identityEndpoints.verifyResetCode, { body }),
  resetPassword: (body: Body<'resetPassword'>) => call(identityEndpoints.resetPassword, { body }),
  logout: () => call(identityEndpoints.logout, {}),

  sendUserCode: secondFactorsApi.sendUserCode,
  bindEmail: (body: Body<'bindEmail'>) => call(identityEndpoints.bindEmail, { body }),
  bindPhone: (body: Body<'bindPhone'>) => call(identityEndpoints.bindPhone, { body }),
  changePhone: (body: Body<'changePhone'>) => call(identityEndpoints.changePhone, { body }),
  changePassword: (body: Body<'changePassword'>) => call(identityEndpoints.changePassword, { body }),
  generateAuthenticator: () => call(identityEndpoints.authenticatorGenerate, {}),
  bindAuthenticator: (body: Body<'authenticatorBind'>) => call(identityEndpoints.authenticatorBind, { body }),
  // The authenticator change in three steps (spec §7 change-ga-check, ga-generate, ga-check).
  checkAuthenticatorChange: (body: Body<'authenticatorChangeCheck'>) => call(identityEndpoints.authenticatorChangeCheck, { body }),
  generateChangedAuthenticator: (body: Body<'authenticatorChangeGenerate'>) =>
    call(identityEndpoints.authenticatorChangeGenerate, { body }),
  confirmAuthenticatorChange: (body: Body<'authenticatorChangeConfirm'>) => call(identityEndpoints.authenticatorChangeConfirm, { body }),
  setFundPassword: (body: Body<'fundPasswordSet'>) => call(identityEndpoints.fundPasswordSet, { body }),
  changeFundPassword: (body: Body<'fundPasswordChange'>) => call(identityEndpoints.fundPasswordChange, { body }),
  resetFundPassword: (body: Body<'fundPasswordReset'>) => call(identityEndpoints.fundPasswordReset, { body }),
  setFiat: (fiat: Body<'setFiat'>['fiat']) => call(identityEndpoints.setFiat, { body: { fiat } }),
  endSession: (id: string) => call(identityEndpoints.endSession, { params: { id } }),
  setPreferences: (body: Body<'setPreferences'>) => call(identityEndpoints.setPreferences, { body }),

  loginPasskeyOptions: (body: Body<'loginPasskeyOptions'>) => call(identityEndpoints.loginPasskeyOptions, { body }),
  renamePasskey: (body: Body<'passkeyRename'>) => call(identityEndpoints.passkeyRename, { body }),
  removePasskey: (body: Body<'passkeyRemove'>) => call(identityEndpoints.passkeyRemove, { body }),
};

export const passkeysQuery = queryOptions({
  queryKey: ['identity', 'passkeys'],
  queryFn: ({ signal }) => call(identityEndpoints.passkeys, {}, { signal }),
});

export const securityHistoryQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['identity', 'security-history', pageNo, pageSize],
    queryFn: ({ signal }) => call(identityEndpoints.securityHistory, { query: { pageNo, pageSize } }, { signal }),
  });

export const loginHistoryQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['identity', 'login-history', pageNo, pageSize],
    queryFn: ({ signal }) => call(identityEndpoints.loginHistory, { query: { pageNo, pageSize } }, { signal }),
  });

export const activeSessionsQuery = queryOptions({
  queryKey: ['identity', 'sessions'],
  queryFn: ({ signal }) => call(identityEndpoints.sessions, {}, { signal }),
});

export const accountInfoQuery = queryOptions({
  queryKey: ['identity', 'account-info'],
  queryFn: ({ signal }) => call(identityEndpoints.accountInfo, {}, { signal }),
});

export const preferencesQuery = queryOptions({
  queryKey: ['identity', 'preferences'],
  queryFn: ({ signal }) => call(identityEndpoints.preferences, {}, { signal }),
});
