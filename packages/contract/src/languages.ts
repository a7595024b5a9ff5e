/** The four interface languages (spec §1, §9). */
export const languages = ['en', 'zh-CN', 'zh-TW', 'ru'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'en';

/**
 * The LANGUAGE-TYPE header of spec §7: 1 English, 2 Russian, 3 Traditional Chinese,
 * 0 Simplified Chinese; absent or unknown values answer in English.
 */
export const languageTypeByLanguage: Record<Language, string> = {
  'zh-CN': '0',
  en: '1',
  ru: '2',
  'zh-TW': '3',
};

export function languageFromLanguageType(header: string | undefined): Language {
  switch (header?.trim()) {
    case '1':
      return 'en';
    case '2':
      return 'ru';
    case '3':
      return 'zh-TW';
    case '0':
      return 'zh-CN';
    default:
      // A caller that did not say (curl, probes) or said something unknown gets English.
      return 'en';
  }
}

/**
 * The `lang` query parameter of spec §2: zh, zh-CN, zh-TW, zh_TW, ru, ru-RU; anything else
 * gives English.
 */
export function languageFromQuery(value: string): Language {
  switch (value) {
    case 'zh':
    case 'zh-CN':
      return 'zh-CN';
    case 'zh-TW':
    case 'zh_TW':
      return 'zh-TW';
    case 'ru':
    case 'ru-RU':
      return 'ru';
    default:
      return 'en';
  }
}

/** Maps a browser language tag (navigator.language) to one of ours, or undefined. */
export function languageFromBrowser(tag: string | undefined): Language | undefined {
  if (!tag) return undefined;
  const lower = tag.toLowerCase();
  if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-mo' || lower.startsWith('zh-hant')) {
    return 'zh-TW';
  }
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('ru')) return 'ru';
  if (lower.startsWith('en')) return 'en';
  return undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}
