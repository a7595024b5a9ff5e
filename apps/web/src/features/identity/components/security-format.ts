import { findCountry } from '@coffer/contract/rules';
import { useMemo } from 'react';
import { useLanguage } from '../../../shared/i18n/use-language';

/** The interface language (shared), for the security components that take it from here. */
export { useLanguage };

/** Date and time in the user's language: `Intl.DateTimeFormat(lang, medium date, short time)`. */
export function useDateTimeFormat(): (iso: string | null | undefined) => string {
  const language = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    return (iso) => {
      if (!iso) return '';
      const time = Date.parse(iso);
      return Number.isNaN(time) ? iso : format.format(time);
    };
  }, [language]);
}

/** ab***@example.com — enough to recognise the address, not enough to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length))}***${email.slice(at)}`;
}

/** +86 138****5678, or the number alone when its country is unknown. */
export function maskPhone(phone: string, countryCode: string | null): string {
  const masked = phone.includes('*') || phone.length < 7 ? phone : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
  const country = countryCode ? findCountry(countryCode) : undefined;
  return country ? `+${country.dialCode} ${masked}` : masked;
}
