import { fiatCurrencies, type FiatCurrency } from '@coffer/contract/constants';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Descriptions, Radio, Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { showToast } from '../../../shared/ui/toast-store';
import { accountInfoQuery, identityApi } from '../api/identity-api';
import { useDateTimeFormat } from '../components/security-format';
import { SecurityHistoryTable } from '../components/security-history-table';
import styles from './account-info-page.module.css';

const kycLevelKeys = ['unverified', 'basic', 'advanced', 'video'] as const;
const fiatStorageKey = 'fiat';

/** Account info (spec §1, §3): user number, last login, identity level, valuation, histories. */
export function AccountInfoPage() {
  const { t } = useTranslation('security');
  const formatTime = useDateTimeFormat();
  const queryClient = useQueryClient();
  const account = useQuery(accountInfoQuery);

  const setFiat = useMutation({
    mutationFn: (fiat: FiatCurrency) => identityApi.setFiat(fiat),
    onSuccess: (_data, fiat) => {
      localStorage.setItem(fiatStorageKey, fiat.toLowerCase());
      showToast('success', t('accountInfo.fiatSaved'));
      void queryClient.invalidateQueries({ queryKey: ['identity'] });
    },
  });

  const info = account.data;
  const kycLevel = info ? (kycLevelKeys[info.kycLevel] ?? 'unverified') : 'unverified';
  const fiat: FiatCurrency = setFiat.isPending ? setFiat.variables : (info?.fiat ?? 'USD');

  return (
    <AntdProvider>
      <div className={styles.page}>
        <h1 className={styles.title}>{t('accountInfo.title')}</h1>
        <Card className={styles.card}>
          {info ? (
            <Descriptions
              column={2}
              size="middle"
              colon={false}
              aria-label={t('accountInfo.profileLabel')}
              classNames={{ label: styles.label, content: styles.content }}
              items={[
                {
                  key: 'userNo',
                  label: t('accountInfo.userNo'),
                  children: (
                    <span className={styles.numeric} data-testid="account-user-no">
                      {info.userNo}
                    </span>
                  ),
                },
                {
                  key: 'lastLogin',
                  label: t('accountInfo.lastLogin'),
                  children: (
                    <span className={styles.numeric}>{info.lastLoginAt ? formatTime(info.lastLoginAt) : t('accountInfo.noLastLogin')}</span>
                  ),
                },
                {
                  key: 'kycLevel',
                  label: t('accountInfo.kycLevel'),
                  children: (
                    <span className={styles.kyc}>
                      <span data-testid="account-kyc-level">{t(`kycLevels.${kycLevel}`)}</span>
                      {kycLevel !== 'video' ? <Link to={pathTo('identification')}>{t('accountInfo.verifyLink')}</Link> : null}
                    </span>
                  ),
                },
                {
                  key: 'fiat',
                  label: <span id="account-fiat-label">{t('accountInfo.fiat')}</span>,
                  children: (
                    <span className={styles.fiat}>
                      <Radio.Group
                        optionType="button"
                        buttonStyle="solid"
                        size="middle"
                        aria-labelledby="account-fiat-label"
                        value={fiat}
                        disabled={setFiat.isPending}
                        onChange={(event) => setFiat.mutate(event.target.value as FiatCurrency)}
                        options={fiatCurrencies.map((currency) => ({ value: currency, label: currency }))}
                        data-testid="account-fiat"
                      />
                      <span className={styles.hint}>{t('accountInfo.fiatHint')}</span>
                    </span>
                  ),
                },
              ]}
            />
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          )}
        </Card>
        <Card className={styles.card}>
          <Tabs
            aria-label={t('accountInfo.historyLabel')}
            items={[
              { key: 'login', label: t('accountInfo.loginTab'), children: <SecurityHistoryTable kind="login" /> },
              { key: 'security', label: t('accountInfo.securityTab'), children: <SecurityHistoryTable kind="security" /> },
            ]}
          />
        </Card>
      </div>
    </AntdProvider>
  );
}
