import { useMemo } from 'react';
import { useLanguage } from './use-language';

/** A namer of regions in `language` (Intl.DisplayNames): the code itself when the browser has no name. */
export function regionNamesFor(language: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region' });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/** Country and region names in the user's language (Intl.DisplayNames), the code when the browser has none. */
export function useRegionName(): (code: string) => string {
  const language = useLanguage();
  return useMemo(() => regionNamesFor(language), [language]);
}
