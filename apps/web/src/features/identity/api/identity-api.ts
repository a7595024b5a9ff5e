import type {
  AccountIdentity,
  ActiveSession,
  CodeSent,
  HistoryRecord,
  LoggedIn,
  LoginChallenge,
  LoginTwofaBody,
  RegisterBody,
  ResetTicket,
  SecurityVerification,
  SecondFactor,
  SessionUser,
  UserCodeBody,
} from '@coffer/contract';
import { identityPaths } from '@coffer/contract/identity-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData, type RequestOptions } from '../../../shared/http/http-client';

/**
 * Every identity call of spec §7, typed from packages/contract. Each rejects after the HTTP
 * client has shown the error (toast or login prompt), so callers only react to success.
 */
const post = <T>(path: string, body: unknown, options: RequestOptions = {}) => apiData<T>(path, { method: 'POST', body, ...options });

export interface Page<T> {
  pageNo: number;
  pageSize: number;
  total: number;
  records: T[];
}

export interface TwofaStatus {
  twofaList: SecondFactor[];
  maskedEmail: string | null;
  maskedPhone: string | null;
}

export interface AuthenticatorSecret {
  secret: string;
  otpauthUrl: string;
  qrCodeSvg: string;
}

export const identityApi = {
  sendRegisterCode: (body: AccountIdentity & { countryCode: string }) => post<CodeSent>(identityPaths.registerCode, body),
  register: (body: RegisterBody) => post<LoggedIn>(identityPaths.register, body),
  verifyInviteCode: (inviteCode: string) => apiData<{ valid: boolean }>(identityPaths.inviteCodeVerify, { query: { inviteCode } }),
  preLogin: (body: AccountIdentity) => post<{ captchaRequired: boolean }>(identityPaths.preLogin, body),
  login: (body: AccountIdentity & { password: string; equipmentName?: string }) => post<LoginChallenge>(identityPaths.login, body),
  sendLoginCode: (body: { preLoginToken: string; method: 'sms' | 'email' }) => post<CodeSent>(identityPaths.loginCode, body),
  loginTwofa: (body: LoginTwofaBody) => post<LoggedIn>(identityPaths.loginTwofa, body),
  sendResetCode: (body: AccountIdentity) => post<CodeSent>(identityPaths.resetCode, body),
  verifyResetCode: (body: AccountIdentity & { code: string }) => post<ResetTicket>(identityPaths.verifyResetCode, body),
  resetPassword: (body: { resetToken: string; password: string; confirmPassword: string; gaCode?: string }) =>
    post<null>(identityPaths.resetPassword, body),
  logout: () => post<null>(identityPaths.logout, {}),

  sendUserCode: (body: UserCodeBody) => post<CodeSent>(identityPaths.userCode, body),
  twofaStatus: () => post<TwofaStatus>(identityPaths.twofaStatus, {}),
  bindEmail: (body: SecurityVerification & { email: string; newEmailCode: string }) => post<null>(identityPaths.bindEmail, body),
  bindPhone: (body: SecurityVerification & { countryCode: string; phone: string; newSmsCode: string }) =>
    post<null>(identityPaths.bindPhone, body),
  changePhone: (body: SecurityVerification & { countryCode: string; phone: string; newSmsCode: string }) =>
    post<null>(identityPaths.changePhone, body),
  changePassword: (body: SecurityVerification & { oldPassword: string; password: string; confirmPassword: string }) =>
    post<null>(identityPaths.changePassword, body),
  generateAuthenticator: () => post<AuthenticatorSecret>(identityPaths.authenticatorGenerate, {}),
  bindAuthenticator: (body: SecurityVerification & { secret: string; newGaCode: string }) =>
    post<null>(identityPaths.authenticatorBind, body),
  changeAuthenticator: (body: SecurityVerification & { secret: string; newGaCode: string }) =>
    post<null>(identityPaths.authenticatorChange, body),
  setFundPassword: (body: SecurityVerification & { fundPassword: string; confirmFundPassword: string }) =>
    post<null>(identityPaths.fundPasswordSet, body),
  changeFundPassword: (body: { oldFundPassword: string; fundPassword: string; confirmFundPassword: string }) =>
    post<null>(identityPaths.fundPasswordChange, body),
  resetFundPassword: (body: SecurityVerification & { fundPassword: string; confirmFundPassword: string }) =>
    post<null>(identityPaths.fundPasswordReset, body),
  setFiat: (fiat: 'USD' | 'CNY') => post<null>(identityPaths.setFiat, { fiat }),
  endSession: (id: string) => post<null>(identityPaths.endSession.replace(':id', id), {}),
};

export const sessionUserQuery = queryOptions({
  queryKey: ['identity', 'session-user'],
  queryFn: ({ signal }) => apiData<SessionUser>(identityPaths.userInfo, { signal }),
  staleTime: 30_000,
});

export const securityHistoryQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['identity', 'security-history', pageNo, pageSize],
    queryFn: ({ signal }) => apiData<Page<HistoryRecord>>(identityPaths.securityHistory, { query: { pageNo, pageSize }, signal }),
  });

export const loginHistoryQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['identity', 'login-history', pageNo, pageSize],
    queryFn: ({ signal }) => apiData<Page<HistoryRecord>>(identityPaths.loginHistory, { query: { pageNo, pageSize }, signal }),
  });

export const activeSessionsQuery = queryOptions({
  queryKey: ['identity', 'sessions'],
  queryFn: ({ signal }) => apiData<ActiveSession[]>(identityPaths.sessions, { signal }),
});

export const accountInfoQuery = queryOptions({
  queryKey: ['identity', 'account-info'],
  queryFn: ({ signal }) =>
    apiData<{ userNo: string; lastLoginAt: string | null; kycLevel: number; fiat: 'USD' | 'CNY' }>(identityPaths.accountInfo, {
      signal,
    }),
});

export const twofaStatusQuery = queryOptions({
  queryKey: ['identity', 'twofa-status'],
  queryFn: () => identityApi.twofaStatus(),
});
