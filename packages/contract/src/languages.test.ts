import { describe, expect, it } from 'vitest';
import { parseClientVersion } from './client';
import { languageFromBrowser, languageFromLanguageType, languageFromQuery, languageTypeByLanguage, languages } from './languages';

describe('languages', () => {
  it('maps the LANGUAGE-TYPE header of spec §7 both ways', () => {
    expect(languageFromLanguageType('1')).toBe('en');
    expect(languageFromLanguageType('2')).toBe('ru');
    expect(languageFromLanguageType('3')).toBe('zh-TW');
    expect(languageFromLanguageType('0')).toBe('zh-CN');
    expect(languageFromLanguageType(undefined)).toBe('en');
    expect(languageFromLanguageType('9')).toBe('en');
    for (const language of languages) expect(languageFromLanguageType(languageTypeByLanguage[language])).toBe(language);
  });

  it.each([
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-TW', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['en', 'en'],
    ['fr', 'en'],
    ['', 'en'],
    ['ZH', 'en'],
  ])('reads lang=%s as %s (spec §2)', (query, language) => {
    expect(languageFromQuery(query)).toBe(language);
  });

  it('maps browser language tags', () => {
    expect(languageFromBrowser('zh-Hant-HK')).toBe('zh-TW');
    expect(languageFromBrowser('zh-HK')).toBe('zh-TW');
    expect(languageFromBrowser('zh-SG')).toBe('zh-CN');
    expect(languageFromBrowser('ru-UA')).toBe('ru');
    expect(languageFromBrowser('en-GB')).toBe('en');
    expect(languageFromBrowser('de-DE')).toBeUndefined();
  });

  it('reads the client-version header', () => {
    expect(parseClientVersion('ios/3.2.1')).toEqual({ kind: 'ios', version: '3.2.1' });
    expect(parseClientVersion('Android 5')).toEqual({ kind: 'android', version: '5' });
    expect(parseClientVersion('web')).toEqual({ kind: 'web', version: null });
    expect(parseClientVersion('toaster')).toEqual({ kind: 'web', version: null });
  });
});
