import { describe, expect, it } from 'vitest';
import { languages } from '../languages';
import { errorCatalogue } from './catalogue';
import { errorMessage, fillPlaceholders, isSilentCode, messageForCode, silentCodes } from './messages';

const entries = Object.entries(errorCatalogue);

/** The code families of spec §8, plus the silent codes and the 403 login prompt. */
const families: Array<[number, number]> = [
  // 16000001…25 of spec §8, then account suspended (26), the captcha's required/expired (27-28; 29 kept for it), passkeys (30-39, issue 16 item 8).
  [16000001, 16000039],
  [17000001, 17000014],
  // The account centre's security settings: the authenticator change in steps, preferences.
  [17000020, 17000029],
  [18000001, 18000006],
  // The enterprise codes of spec §8 (…56), then the custody console's own (57…; issue 18 from 15000100).
  [15000001, 15000199],
  [19000001, 19000099],
  [21000001, 21100052],
  [13010001, 13023000],
  [20000001, 20000002],
  // Not a spec §8 family: the KYC codes, whose server codes §8 does not show.
  [22000001, 22000099],
];

describe('the error catalogue', () => {
  it('gives every code a distinct number', () => {
    const codes = entries.map(([, entry]) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps every error code inside a family of spec §8', () => {
    for (const [key, entry] of entries) {
      if (entry.code === 0 || entry.code === 403 || silentCodes.includes(entry.code)) continue;
      const inFamily = families.some(([low, high]) => entry.code >= low && entry.code <= high);
      expect(inFamily, `${key} = ${entry.code}`).toBe(true);
    }
  });

  it('has the silent codes of spec §8, exactly', () => {
    expect([...silentCodes].sort((a, b) => a - b)).toEqual(
      [0, 10004011, -10092, -10093, -10102, -10096, -10097, -10071, -10094, 25000008, -10113].sort((a, b) => a - b),
    );
  });

  it('has a non-empty message in every language, with the same placeholders', () => {
    for (const [key, entry] of entries) {
      const placeholders = (text: string) =>
        [...text.matchAll(/\{(\w+)\}/g)]
          .map((m) => m[1])
          .sort()
          .join();
      for (const language of languages) {
        expect(entry.messages[language].trim(), `${key} ${language}`).not.toBe('');
        expect(placeholders(entry.messages[language]), `${key} ${language}`).toBe(placeholders(entry.messages.en));
      }
    }
  });

  it('treats -10094 as an error only on the withdraw-check call', () => {
    expect(isSilentCode(-10094)).toBe(true);
    expect(isSilentCode(-10094, { isWithdrawCheck: true })).toBe(false);
    expect(isSilentCode(-10102, { isWithdrawCheck: true })).toBe(true);
    expect(isSilentCode(17000001)).toBe(false);
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(fillPlaceholders('wait {seconds} s for {what}', { seconds: 60 })).toBe('wait 60 s for {what}');
    expect(errorMessage('codeResendTooSoon', 'zh-CN', { seconds: 42 })).toBe('请42秒后再获取验证码');
    expect(messageForCode(17000003, 'ru')).toBe('Нельзя перевести самому себе');
    expect(messageForCode(99999999, 'en')).toBeUndefined();
  });
});
