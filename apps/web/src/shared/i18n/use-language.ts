import { isLanguage, type Language } from '@coffer/contract/languages';
import { useTranslation } from 'react-i18next';

/** The interface language as one of ours (English when i18next holds something else). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
}
