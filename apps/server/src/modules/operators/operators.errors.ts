import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the operators module answers (the attempt limiter's `accountLocked` passes through as identity's). */
export const operatorsError = domainErrors([
  'activationLinkExpired',
  'authenticatorCodeWrong',
  'duplicateEmail',
  'noPermission',
  'operatorCredentialsWrong',
  'operatorDisabled',
  'operatorLoginRequired',
  'operatorSessionExpired',
  'passwordRuleViolated',
] as const);
