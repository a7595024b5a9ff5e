import { countries, findCountry, isRestrictedRegion } from '@coffer/contract/rules';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { regionNamesFor } from '../../../shared/i18n/region-names';
import styles from './country-select.module.css';

export interface CountryOption {
  code: string;
  dialCode: string;
  name: string;
}

/** The countries of @coffer/contract/rules, named in the user's language and sorted by name. */
export function useCountryOptions(): CountryOption[] {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const nameOf = regionNamesFor(language);
    const collator = new Intl.Collator(language);
    return countries
      .map((country) => ({ ...country, name: nameOf(country.code) }))
      .sort((left, right) => collator.compare(left.name, right.name));
  }, [language]);
}

/** The calling code shown in front of a phone number, like "+7", or '' before a choice. */
export function dialCodeOf(countryCode: string | undefined): string {
  const country = countryCode ? findCountry(countryCode) : undefined;
  return country ? `+${country.dialCode}` : '';
}

const languageRegions: Record<string, string> = { ru: 'RU', 'zh-CN': 'CN', 'zh-TW': 'TW', en: 'GB' };

/**
 * A first guess for the phone's country: the browser's region when we list it, else the
 * interface language's usual one. The user can always change it.
 */
export function guessDialCountry(language: string, browserLanguages: readonly string[] = navigator.languages ?? []): string {
  for (const tag of browserLanguages) {
    try {
      const region = new Intl.Locale(tag).region;
      // A region we do not serve is never offered as the default.
      if (region && findCountry(region) && !isRestrictedRegion(region)) return region;
    } catch {
      // An odd tag: try the next one.
    }
  }
  return languageRegions[language] ?? 'GB';
}

export interface CountrySelectProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** 'dial' is the compact calling-code picker before a phone number; 'name' a full field. */
  display: 'dial' | 'name';
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/** Country or region picker, searchable by name, ISO code or calling code. */
export function CountrySelect({ display, className, ...props }: CountrySelectProps) {
  const { t } = useTranslation('auth');
  const options = useCountryOptions();
  const selectOptions = useMemo(
    () =>
      options.map((country) => ({
        value: country.code,
        label: country.name,
        search: `${country.name} ${country.code} +${country.dialCode}`,
        dialCode: country.dialCode,
      })),
    [options],
  );

  return (
    <Select
      {...props}
      className={`${display === 'dial' ? styles.dial : styles.full} ${className ?? ''}`}
      options={selectOptions}
      showSearch={{ optionFilterProp: 'search' }}
      popupMatchSelectWidth={display === 'dial' ? 300 : true}
      notFoundContent={<span className={styles.empty}>{t('field.noCountry')}</span>}
      labelRender={({ value }) => {
        const country = typeof value === 'string' ? findCountry(value) : undefined;
        if (!country) return null;
        if (display === 'dial') {
          return (
            <span className={styles.selected}>
              {country.code} +{country.dialCode}
            </span>
          );
        }
        return options.find((option) => option.code === country.code)?.name ?? country.code;
      }}
      optionRender={(option) => (
        <span className={styles.option}>
          <span className={styles.name}>{option.label}</span>
          <span className={styles.code}>+{option.data.dialCode}</span>
        </span>
      )}
    />
  );
}
