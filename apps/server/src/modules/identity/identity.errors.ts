import type { ErrorKey } from '@coffer/contract';
import { domainErrors, type DomainError } from '../../platform/errors/domain-error';

/** The keys the contract's account rules answer (`checkEmail`, `checkPhone`, `checkLoginPassword`, …). */
const accountRuleKeys = [
  'emailOrPhoneFormat',
  'passwordRuleViolated',
  'fundPasswordRuleViolated',
  'fundPasswordSameAsLogin',
  'passwordsNotSame',
] as const;

/** The catalogue keys identity answers. */
export const identityError = domainErrors([
  ...accountRuleKeys,
  'accountAlreadyExists',
  'accountLocked',
  'accountSuspended',
  'authenticatorChangeTicketInvalid',
  'authenticatorCodeWrong',
  'captchaRequired',
  'authenticatorNotBound',
  'authenticatorNotGenerated',
  'codeAlreadyUsed',
  'codeAttemptsExceeded',
  'codeExpired',
  'codeResendTooSoon',
  'codeSendFailed',
  'codeWrong',
  'countryNotFound',
  'countryRestricted',
  'emailAlreadyRegistered',
  'fundPasswordNotSet',
  'invalidParameter',
  'missingParameter',
  'noMatchingData',
  'passkeyAlreadyRegistered',
  'passkeyChallengeExpired',
  'passkeyLimitReached',
  'passkeyNotFound',
  'passkeyNotRecognised',
  'phoneAlreadyRegistered',
  'preLoginTokenInvalid',
  'securityChangeWithdrawLock',
  'sessionExpired',
  'tooManyRequests',
  'unknownError',
  'userNotFound',
  'wrongCredentials',
  'wrongFundPassword',
  'wrongOldPassword',
] as const);

type AccountRuleKey = (typeof accountRuleKeys)[number];

function isAccountRuleKey(key: ErrorKey): key is AccountRuleKey {
  return (accountRuleKeys as readonly ErrorKey[]).includes(key);
}

/** The error for a broken account rule (the contract's checks answer any catalogue key by type; these are the ones they give). */
export function accountRuleError(problem: ErrorKey, field: string): DomainError {
  if (!isAccountRuleKey(problem)) throw new Error(`account rule answered ${problem}, which identity does not list`);
  return identityError(problem, {}, field);
}
