import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkConfirmation, checkEmail, checkFundPassword, checkLoginPassword, checkPhone } from './account-rules';

/** Spec §5, written as a table: what a login password must be. */
function loginPasswordOracle(password: string): boolean {
  const printable = [...password].every((char) => char >= '!' && char <= '~');
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  return printable && password.length >= 8 && password.length <= 20 && classes >= 3;
}

/** Spec §5: six digits; no consecutive run and no digit three times in a row. */
function fundPasswordOracle(value: string): boolean {
  if (!/^\d{6}$/.test(value)) return false;
  const digits = [...value].map(Number);
  const steps = digits.slice(1).map((digit, index) => digit - digits[index]!);
  const isRun = steps.every((step) => step === 1) || steps.every((step) => step === -1);
  const hasTriple = digits.some((digit, index) => index >= 2 && digit === digits[index - 1] && digit === digits[index - 2]);
  return !isRun && !hasTriple;
}

const passwordCharacters = fc.constantFrom(...'abcXYZ019!@#-_ é\t'.split(''));

describe('login password rules (spec §5)', () => {
  it('agree with the table for any string', () => {
    fc.assert(
      fc.property(
        fc.array(passwordCharacters, { maxLength: 24 }).map((chars) => chars.join('')),
        (password) => {
          expect(checkLoginPassword(password) === null).toBe(loginPasswordOracle(password));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it.each([
    ['Abcdef1!', true],
    ['abcdefg1', false],
    ['ABCDEFG1!', true],
    ['Abc1!', false],
    ['Abcdefghijklmnopqrs1!', false],
    ['Abcdefgh 1', false],
  ])('%s → %s', (password, isValid) => {
    expect(checkLoginPassword(password) === null).toBe(isValid);
  });
});

describe('fund password rules (spec §5)', () => {
  it('agree with the table for any 6-digit string and beyond', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{4,7}$/), (value) => {
        expect(checkFundPassword(value) === null).toBe(fundPasswordOracle(value));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ['123456', 'fundPasswordRuleViolated'],
    ['987654', 'fundPasswordRuleViolated'],
    ['000000', 'fundPasswordRuleViolated'],
    ['112223', 'fundPasswordRuleViolated'],
    ['12a456', 'fundPasswordRuleViolated'],
    ['258036', null],
    ['135790', null],
  ])('%s → %s', (value, expected) => {
    expect(checkFundPassword(value)).toBe(expected);
  });

  it('must differ from the login password', () => {
    expect(checkFundPassword('258036', '258036')).toBe('fundPasswordSameAsLogin');
    expect(checkFundPassword('258036', 'Other-Pass-1')).toBeNull();
  });

  it('needs a matching confirmation', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(checkConfirmation(a, b) === null).toBe(a === b);
      }),
    );
  });
});

describe('contact formats (spec §5)', () => {
  it('accepts e-mail of at most 30 characters', () => {
    expect(checkEmail('alice@example.com')).toBeNull();
    expect(checkEmail(`${'a'.repeat(18)}@example.com`)).toBeNull();
    expect(checkEmail(`${'a'.repeat(19)}@example.com`)).toBe('emailOrPhoneFormat');
    expect(checkEmail('not-an-email')).toBe('emailOrPhoneFormat');
  });

  it('accepts valid phones of their country, without the country code', () => {
    expect(checkPhone('13800138000', 'CN')).toBeNull();
    expect(checkPhone('15112345678', 'DE')).toBeNull();
    expect(checkPhone('612345678', 'fr')).toBeNull();
    expect(checkPhone('2015550123', 'US')).toBeNull();
    expect(checkPhone('9161234567', 'RU')).toBeNull();
  });

  it('refuses a number that is not valid in its country', () => {
    expect(checkPhone('13800138000', 'US')).toBe('emailOrPhoneFormat');
    expect(checkPhone('23800138000', 'CN')).toBe('emailOrPhoneFormat');
    expect(checkPhone('61234567', 'FR')).toBe('emailOrPhoneFormat');
    expect(checkPhone('15112345678', 'FR')).toBe('emailOrPhoneFormat');
    expect(checkPhone('4123456789', 'CH')).toBe('emailOrPhoneFormat');
    expect(checkPhone('1'.repeat(15), 'DE')).toBe('emailOrPhoneFormat');
  });

  it('takes digits only, at most 15, without the country code or trunk prefix', () => {
    expect(checkPhone('1'.repeat(16), 'CN')).toBe('emailOrPhoneFormat');
    expect(checkPhone('+8613800138000', 'CN')).toBe('emailOrPhoneFormat');
    expect(checkPhone('015112345678', 'DE')).toBe('emailOrPhoneFormat');
    expect(checkPhone('151 1234 5678', 'DE')).toBe('emailOrPhoneFormat');
  });
});
