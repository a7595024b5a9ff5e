import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the captcha answers: a solution or token that is wrong, spent or for another purpose, or expired. */
export const captchaError = domainErrors(['captchaWrong', 'captchaExpired'] as const);
