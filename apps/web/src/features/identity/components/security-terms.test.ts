import { errorCatalogue } from '@coffer/contract/errors';
import { languages, type Language } from '@coffer/contract/languages';
import { describe, expect, it } from 'vitest';

/** Every web catalogue of every language, as one text per language. */
const catalogues = import.meta.glob<Record<string, unknown>>('../../../shared/i18n/locales/*/*.json', { eager: true, import: 'default' });

function catalogueText(language: Language): string {
  return Object.entries(catalogues)
    .filter(([file]) => file.includes(`/locales/${language}/`))
    .map(([, catalogue]) => JSON.stringify(catalogue))
    .join('\n');
}

function security(language: Language) {
  const entry = Object.entries(catalogues).find(([file]) => file.endsWith(`/locales/${language}/security.json`));
  if (!entry) throw new Error(`no security catalogue for ${language}`);
  return entry[1] as { fundPassword: Record<string, string>; operations: Record<string, string> };
}

/** What the screens call the 6-digit password that confirms money moves, and the other names it must not go by. */
const term: Record<Language, { name: RegExp; others: RegExp }> = {
  en: { name: /fund password/i, others: /payment password|pay password|trading password/i },
  'zh-CN': { name: /资金密码/, others: /支付密码|交易密码/ },
  'zh-TW': { name: /資金密碼/, others: /支付密碼|交易密碼/ },
  ru: { name: /парол\S* для средств/i, others: /платёжн\w* парол|платежн\w* парол/i },
};

describe('the fund password has one name (issue 13)', () => {
  it.each(languages)('the security history names its operations as the screens do in %s', (language) => {
    const { fundPassword, operations } = security(language);
    expect(operations.setPaymentPassword).toBe(fundPassword.setTitle);
    expect(operations.resetPaymentPassword).toBe(fundPassword.resetTitle);
    expect(operations.changePaymentPassword).toBe(fundPassword.changeTitle);
    expect(fundPassword.setTitle).toMatch(term[language].name);
  });

  it.each(languages)('no web text or error message in %s calls it anything else', (language) => {
    expect(catalogueText(language)).not.toMatch(term[language].others);
    const messages = Object.values(errorCatalogue).map((entry) => entry.messages[language]);
    expect(messages.filter((message) => term[language].others.test(message))).toEqual([]);
  });
});
