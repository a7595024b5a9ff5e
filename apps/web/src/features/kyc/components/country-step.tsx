import type { KycCountry } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { KycCountrySelect } from './kyc-country-select';
import styles from './kyc.module.css';

/** Whether `code` is a country of the list that may be verified (listed and not restricted). */
export function isAcceptedCountry(countries: readonly KycCountry[], code: string): boolean {
  const country = countries.find((each) => each.code === code);
  return country !== undefined && !country.restricted;
}

/**
 * The first step (spec §2 "country selection"): the country or region the customer lives in.
 * A restricted one (spec §8/§9) stays shown as chosen, with the §8 message, and unlocks nothing.
 */
export function CountryStep({
  countries,
  value,
  onChange,
}: {
  countries: readonly KycCountry[];
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const isRestricted = countries.some((country) => country.code === value && country.restricted);

  return (
    <section className={styles.countryStep} aria-labelledby="kyc-country-label">
      <div className={styles.countryText}>
        <h2 id="kyc-country-label" className={styles.sectionTitle}>
          {t('country.title')}
        </h2>
        <p className={styles.muted}>{t('country.intro')}</p>
      </div>
      <div className={styles.countryField}>
        <KycCountrySelect
          countries={countries}
          value={value === '' ? undefined : value}
          onChange={onChange}
          aria-label={t('country.label')}
          data-testid="kyc-country"
        />
        {isRestricted ? (
          <Alert type="error" showIcon title={errorMessage('kycCountryRestricted', language)} data-testid="kyc-country-restricted" />
        ) : null}
      </div>
    </section>
  );
}
