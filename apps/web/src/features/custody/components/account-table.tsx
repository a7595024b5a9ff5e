import { custodyLimits, type CustodyAccount } from '@coffer/contract';
import { Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import styles from './custody-config.module.css';
import common from './custody-console.module.css';
import { ConsoleTable } from './console-table';

/** The organisation's custody accounts (spec §3): name, hot or cold storage, enterprise or prime, common addresses of 200, opened on. */
export function AccountTable({ accounts, empty }: { accounts: CustodyAccount[]; empty: ReactNode }) {
  const { t } = useTranslation('custodyConfig');
  const language = useLanguage();
  const columns: TableColumnsType<CustodyAccount> = [
    { key: 'name', title: t('accounts.columns.name'), render: (_value, account) => <span className={common.name}>{account.name}</span> },
    {
      key: 'kind',
      title: t('accounts.columns.kind'),
      render: (_value, account) => <Tag data-testid={`account-kind-${account.id}`}>{t(`accounts.kinds.${account.kind}`)}</Tag>,
    },
    {
      key: 'tier',
      title: t('accounts.columns.tier'),
      render: (_value, account) => <span data-testid={`account-tier-${account.id}`}>{t(`accounts.tiers.${account.tier}`)}</span>,
    },
    {
      key: 'addresses',
      title: t('accounts.columns.addresses'),
      align: 'right',
      render: (_value, account) => (
        <span className={styles.figure} data-testid={`account-addresses-${account.id}`}>
          {t('accounts.addressCount', { count: account.addressCount, max: custodyLimits.addressesPerAccount })}
        </span>
      ),
    },
    {
      key: 'createdAt',
      title: t('accounts.columns.createdAt'),
      render: (_value, account) => <span className={common.nowrap}>{formatDate(account.createdAt, language)}</span>,
    },
  ];
  return <ConsoleTable<CustodyAccount> columns={columns} rows={accounts} empty={empty} testId="account-table" />;
}
