import type { UserPreferences } from '@coffer/contract';
import { fiatCurrencies, type FiatCurrency } from '@coffer/contract/constants';
import { languages, type Language } from '@coffer/contract/languages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Radio, Select, Skeleton, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../../shared/i18n/i18n';
import { languageNames } from '../../../shared/i18n/language-switch';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { showToast } from '../../../shared/ui/toast-store';
import { identityApi, preferencesQuery } from '../api/identity-api';
import styles from './preferences-page.module.css';

const fiatStorageKey = 'fiat';
const noticeKeys = ['notifyLogin', 'notifyWithdrawal', 'notifyDeposit', 'notifyMarketing'] as const;

/**
 * Preferences (spec §7 set-preferences): the language (of the interface and of e-mails), the
 * valuation currency and the optional e-mail notices. Each change is saved at once; security
 * notices cannot be turned off.
 */
export function PreferencesPage() {
  const { t, i18n } = useTranslation('security');
  const queryClient = useQueryClient();
  const preferences = useQuery(preferencesQuery);

  const save = useMutation({
    mutationFn: (changes: Partial<UserPreferences>) => identityApi.setPreferences(changes),
    onSuccess: async (stored, changes) => {
      queryClient.setQueryData(preferencesQuery.queryKey, stored);
      if (changes.language) await switchLanguage(i18n, changes.language);
      if (changes.fiat) {
        localStorage.setItem(fiatStorageKey, changes.fiat.toLowerCase());
        void queryClient.invalidateQueries({ queryKey: ['identity', 'session-user'] });
        void queryClient.invalidateQueries({ queryKey: ['identity', 'account-info'] });
      }
      // Read after a language switch, so the notice is in the language just chosen.
      showToast('success', i18n.t('preferences.saved', { ns: 'security' }));
    },
  });

  const stored = preferences.data;
  // What is being saved shows at once; a refused save falls back to what is stored.
  const shown = stored && save.isPending ? { ...stored, ...save.variables } : stored;
  const interfaceLanguage = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : 'en';

  return (
    <AntdProvider>
      <div className={styles.page}>
        <h1 className={styles.title}>{t('preferences.title')}</h1>
        <p className={styles.intro}>{t('preferences.intro')}</p>
        {shown ? (
          <>
            <Card className={styles.card} title={t('preferences.general')}>
              <div className={styles.row}>
                <div className={styles.text}>
                  <span id="preferences-language" className={styles.label}>
                    {t('preferences.language')}
                  </span>
                  <span className={styles.hint}>{t('preferences.languageHint')}</span>
                </div>
                <Select<Language>
                  className={styles.select}
                  aria-labelledby="preferences-language"
                  value={shown.language ?? interfaceLanguage}
                  disabled={save.isPending}
                  onChange={(language) => save.mutate({ language })}
                  options={languages.map((language) => ({ value: language, label: languageNames[language] }))}
                  data-testid="preferences-language"
                />
              </div>
              <div className={styles.row}>
                <div className={styles.text}>
                  <span id="preferences-fiat" className={styles.label}>
                    {t('preferences.fiat')}
                  </span>
                  <span className={styles.hint}>{t('accountInfo.fiatHint')}</span>
                </div>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  aria-labelledby="preferences-fiat"
                  value={shown.fiat}
                  disabled={save.isPending}
                  onChange={(event) => save.mutate({ fiat: event.target.value as FiatCurrency })}
                  options={fiatCurrencies.map((currency) => ({ value: currency, label: currency }))}
                  data-testid="preferences-fiat"
                />
              </div>
            </Card>
            <Card className={styles.card} title={t('preferences.notices')}>
              {noticeKeys.map((key) => (
                <div className={styles.row} key={key}>
                  <div className={styles.text}>
                    <span id={`preferences-${key}`} className={styles.label}>
                      {t(`preferences.${key}.title`)}
                    </span>
                    <span className={styles.hint}>{t(`preferences.${key}.description`)}</span>
                  </div>
                  <Switch
                    aria-labelledby={`preferences-${key}`}
                    checked={shown[key]}
                    disabled={save.isPending}
                    onChange={(checked) => save.mutate({ [key]: checked })}
                    data-testid={`preferences-${key}`}
                  />
                </div>
              ))}
              <div className={styles.row}>
                <div className={styles.text}>
                  <span id="preferences-security" className={styles.label}>
                    {t('preferences.security.title')}
                  </span>
                  <span className={styles.hint}>{t('preferences.security.description')}</span>
                </div>
                <Switch aria-labelledby="preferences-security" checked disabled data-testid="preferences-security" />
              </div>
            </Card>
          </>
        ) : (
          <Card className={styles.card}>
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </Card>
        )}
      </div>
    </AntdProvider>
  );
}
