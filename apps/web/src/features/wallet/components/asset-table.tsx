import type { AssetRow } from '@coffer/contract';
import type { FiatCurrency } from '@coffer/contract/constants';
import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount, formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { valueIn } from './valuation-fiat';
import styles from './asset-table.module.css';

/** The balance account's coins: amounts cut to each coin's display precision, value, actions. */
export function AssetTable({
  rows,
  fiat,
  isLoading,
  empty,
}: {
  rows: AssetRow[];
  fiat: FiatCurrency;
  isLoading: boolean;
  /** What the table says when no row is left (search or the small-balance switch). */
  empty: ReactNode;
}) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const amount = (value: string, row: AssetRow) => formatAmount(row.coin, value, language);
  const withCoin = (route: 'propertyCenterRecharge' | 'propertyCenterWithdraw' | 'propertyCenterTransfer', coin: string) =>
    `${pathTo(route)}?coin=${encodeURIComponent(coin)}`;

  const columns: TableColumnsType<AssetRow> = [
    {
      key: 'coin',
      title: t('balance.columns.coin'),
      render: (_value, row) => <CoinBadge coin={row.coin} icon={row.icon} name={row.name} />,
      width: '20%',
    },
    {
      key: 'total',
      title: t('balance.columns.total'),
      align: 'right',
      className: styles.number,
      render: (_value, row) => amount(row.total, row),
    },
    {
      key: 'available',
      title: t('balance.columns.available'),
      align: 'right',
      className: styles.number,
      render: (_value, row) => amount(row.available, row),
    },
    {
      key: 'frozen',
      title: t('balance.columns.frozen'),
      align: 'right',
      className: styles.number,
      render: (_value, row) => amount(row.frozen, row),
    },
    {
      key: 'value',
      title: t('balance.columns.value', { fiat }),
      align: 'right',
      className: styles.number,
      render: (_value, row) => formatFiat(valueIn(row, fiat), fiat, language),
    },
    {
      key: 'actions',
      title: t('balance.columns.actions'),
      align: 'right',
      render: (_value, row) => (
        <span className={styles.actions}>
          <Link to={withCoin('propertyCenterRecharge', row.coin)} aria-label={t('balance.depositCoin', { coin: row.coin })}>
            {t('actions.deposit')}
          </Link>
          <Link to={withCoin('propertyCenterWithdraw', row.coin)} aria-label={t('balance.withdrawCoin', { coin: row.coin })}>
            {t('actions.withdraw')}
          </Link>
          <Link to={withCoin('propertyCenterTransfer', row.coin)} aria-label={t('balance.transferCoin', { coin: row.coin })}>
            {t('actions.transfer')}
          </Link>
        </span>
      ),
    },
  ];

  return (
    <section data-testid="balance-table" aria-label={t('balance.tableLabel')}>
      <Table<AssetRow>
        rowKey="coin"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={isLoading}
        pagination={false}
        locale={{ emptyText: empty }}
      />
    </section>
  );
}
