import type { AccountType } from '@coffer/contract';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './auth-account-type-tabs.module.css';

/** "E-mail" / "Phone" switch at the top of the login, sign-up and forgot-password forms. */
export function AuthAccountTypeTabs({
  value,
  onChange,
  testIdPrefix,
}: {
  value: AccountType;
  onChange: (accountType: AccountType) => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <Tabs
      className={styles.tabs}
      activeKey={value}
      onChange={(key) => onChange(key === 'phone' ? 'phone' : 'email')}
      aria-label={t('accountType.label')}
      items={[
        { key: 'email', label: <span data-testid={`${testIdPrefix}-tab-email`}>{t('accountType.email')}</span> },
        { key: 'phone', label: <span data-testid={`${testIdPrefix}-tab-phone`}>{t('accountType.phone')}</span> },
      ]}
    />
  );
}
