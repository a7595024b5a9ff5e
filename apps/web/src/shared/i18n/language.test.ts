import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language';

const base = { search: '', pathname: '/', stored: null, browserLanguages: [] as string[] };

describe('resolveLanguage (spec §2)', () => {
  it('prefers the lang query over everything', () => {
    expect(resolveLanguage({ ...base, search: '?lang=zh_TW', stored: 'ru', browserLanguages: ['en-US'] })).toBe('zh-TW');
    expect(resolveLanguage({ ...base, search: '?lang=ru-RU' })).toBe('ru');
    expect(resolveLanguage({ ...base, search: '?lang=zh' })).toBe('zh-CN');
  });

  it('gives English for any other lang value, even with a stored choice', () => {
    expect(resolveLanguage({ ...base, search: '?lang=de', stored: 'ru' })).toBe('en');
  });

  it('reads /{lang}/home', () => {
    expect(resolveLanguage({ ...base, pathname: '/zh-TW/home' })).toBe('zh-TW');
    expect(resolveLanguage({ ...base, pathname: '/ru/home', stored: 'en' })).toBe('ru');
  });

  it('uses the stored choice next, then the browser language', () => {
    expect(resolveLanguage({ ...base, stored: 'ru', browserLanguages: ['zh-CN'] })).toBe('ru');
    expect(resolveLanguage({ ...base, stored: 'klingon', browserLanguages: ['de-DE', 'zh-HK'] })).toBe('zh-TW');
    expect(resolveLanguage({ ...base, browserLanguages: ['fr-FR'] })).toBe('en');
  });
});
