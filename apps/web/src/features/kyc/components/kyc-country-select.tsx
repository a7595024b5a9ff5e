import type { KycCountry } from '@coffer/contract';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useRegionName } from '../../../shared/i18n/region-names';
import styles from './kyc.module.css';

export interface KycCountrySelectProps {
  /** The KYC list (with its restricted flag), or the provider's countries (none restricted). */
  countries: readonly (Pick<KycCountry, 'code'> & Partial<Pick<KycCountry, 'restricted'>>)[];
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * A country or region of the KYC list, named in the user's language and searchable by name or
 * code. Restricted ones (spec §8/§9) are listed and marked; choosing one is refused by the
 * form's rule with the §8 message.
 */
export function KycCountrySelect({ countries, placeholder, ...props }: KycCountrySelectProps) {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const nameOf = useRegionName();
  const options = useMemo(() => {
    const collator = new Intl.Collator(language);
    return countries
      .map((country) => ({ value: country.code, label: nameOf(country.code), restricted: country.restricted === true }))
      .sort((left, right) => collator.compare(left.label, right.label))
      .map((option) => ({ ...option, search: `${option.label} ${option.value}` }));
  }, [countries, language, nameOf]);

  return (
    <Select
      {...props}
      className={styles.countrySelect}
      options={options}
      placeholder={placeholder ?? t('country.placeholder')}
      showSearch={{ optionFilterProp: 'search' }}
      notFoundContent={t('country.notFound')}
      optionRender={(option) => (
        <span className={styles.countryOption} data-testid={`kyc-country-option-${option.data.value}`}>
          <span>{option.data.label}</span>
          {option.data.restricted ? <span className={styles.restrictedMark}>{t('country.restricted')}</span> : null}
        </span>
      )}
    />
  );
}
