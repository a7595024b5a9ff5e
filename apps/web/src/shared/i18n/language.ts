import { isLanguage, languageFromBrowser, languageFromQuery, type Language } from '@coffer/contract';

export const languageStorageKey = 'language';

/** Path-language segments accepted in `/{lang}/home`. */
const pathLanguagePattern = /^\/(zh|zh-CN|zh-TW|zh_TW|ru|ru-RU|en)\/home\/?$/;

/**
 * Spec §2: the `lang` query (zh, zh-CN, zh-TW, zh_TW, ru, ru-RU; anything else gives
 * English), else the stored choice, else the browser's language, else English.
 */
export function resolveLanguage(input: {
  search: string;
  pathname: string;
  stored: string | null;
  browserLanguages: readonly string[];
}): Language {
  const queryLanguage = new URLSearchParams(input.search).get('lang');
  if (queryLanguage !== null) return languageFromQuery(queryLanguage);
  const pathLanguage = pathLanguagePattern.exec(input.pathname)?.[1];
  if (pathLanguage) return languageFromQuery(pathLanguage);
  if (isLanguage(input.stored)) return input.stored;
  for (const tag of input.browserLanguages) {
    const language = languageFromBrowser(tag);
    if (language) return language;
  }
  return 'en';
}

export function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(languageStorageKey);
  } catch {
    return null;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(languageStorageKey, language);
  } catch {
    // Private mode or storage full: the choice lasts for this page only.
  }
}

export function resolveLanguageFromBrowser(): Language {
  return resolveLanguage({
    search: window.location.search,
    pathname: window.location.pathname,
    stored: readStoredLanguage(),
    browserLanguages: navigator.languages.length > 0 ? navigator.languages : [navigator.language],
  });
}
