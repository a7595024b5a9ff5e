import { isValidPhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import type { ErrorKey } from '../errors/catalogue';
import { limits } from '../constants';

/**
 * The account and security rules of spec §5, written once for the server and the forms.
 * Each check answers the catalogue key of the broken rule, or null when the value passes.
 */

const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/] as const;

/** Login password: 8–20 printable characters with at least three of the four classes. */
export function checkLoginPassword(password: string): ErrorKey | null {
  if (password.length < limits.loginPasswordMinChars || password.length > limits.loginPasswordMaxChars) {
    return 'passwordRuleViolated';
  }
  if (!/^[\x21-\x7e]+$/.test(password)) return 'passwordRuleViolated';
  const classes = characterClasses.filter((pattern) => pattern.test(password)).length;
  return classes >= 3 ? null : 'passwordRuleViolated';
}

/** True when each digit is one more (or one less) than the one before: 123456, 987654. */
function isConsecutive(digits: string): boolean {
  const steps = new Set<number>();
  for (let index = 1; index < digits.length; index += 1) {
    steps.add(digits.charCodeAt(index) - digits.charCodeAt(index - 1));
  }
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/** True when one digit repeats three times in a row (111, 000) or the whole is one digit. */
function hasRepeatedDigits(digits: string): boolean {
  return /(\d)\1\1/.test(digits);
}

/**
 * Fund password: exactly 6 digits, no consecutive run (123456) or repeated digits (111222,
 * 000000), and never the login password.
 */
export function checkFundPassword(fundPassword: string, loginPassword?: string): ErrorKey | null {
  if (!new RegExp(`^\\d{${limits.fundPasswordDigits}}$`).test(fundPassword)) return 'fundPasswordRuleViolated';
  if (isConsecutive(fundPassword) || hasRepeatedDigits(fundPassword)) return 'fundPasswordRuleViolated';
  if (loginPassword !== undefined && loginPassword === fundPassword) return 'fundPasswordSameAsLogin';
  return null;
}

export function checkConfirmation(value: string, confirmation: string): ErrorKey | null {
  return value === confirmation ? null : 'passwordsNotSame';
}

const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** Any valid e-mail address (RFC 5321 length): a company's contact, a salesperson, a console admin. */
export function isEmailAddress(email: string): boolean {
  return email.length <= 254 && emailPattern.test(email);
}

/** E-mail: a valid address of at most 30 characters. */
export function checkEmail(email: string): ErrorKey | null {
  return email.length <= limits.emailMaxChars && emailPattern.test(email) ? null : 'emailOrPhoneFormat';
}

/**
 * Phone (spec §5): digits only, entered without the country code, at most 15 digits, and a
 * valid number of the country (ISO code) by libphonenumber's `min` metadata — the smallest,
 * which checks each country's number pattern and lengths, and is the same on server and web.
 */
export function checkPhone(phone: string, countryCode: string): ErrorKey | null {
  if (!new RegExp(`^[1-9]\\d{3,${limits.phoneMaxDigits - 1}}$`).test(phone)) return 'emailOrPhoneFormat';
  return isValidPhoneNumber(phone, countryCode.toUpperCase() as CountryCode) ? null : 'emailOrPhoneFormat';
}

/** Verification codes (SMS, e-mail, Google Authenticator): exactly 6 digits. */
export function isVerificationCodeFormat(code: string): boolean {
  return /^\d{6}$/.test(code);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
