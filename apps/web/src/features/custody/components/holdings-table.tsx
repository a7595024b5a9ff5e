import type { CustodyHolding } from '@coffer/contract';
import { Button, Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount, formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { sumUsd } from './money-parts';
import common from './custody-console.module.css';
import styles from './custody-money.module.css';

/** A holding with what its account's first row shows for the whole account: how many rows it spans and its USD total. */
interface HoldingRow extends CustodyHolding {
  key: string;
  accountRows: number;
  accountUsd: string;
}

/** The holdings grouped by account (the server answers them account by account), each account's USD total on its first row. */
function rowsOf(holdings: readonly CustodyHolding[]): HoldingRow[] {
  const byAccount = new Map<string, CustodyHolding[]>();
  for (const holding of holdings) byAccount.set(holding.accountId, [...(byAccount.get(holding.accountId) ?? []), holding]);
  return [...byAccount.values()].flatMap((group) => {
    const accountUsd = sumUsd(group.map((holding) => holding.usdValue));
    return group.map((holding, index) => ({
      ...holding,
      key: `${holding.accountId}-${holding.coin}`,
      accountRows: index === 0 ? group.length : 0,
      accountUsd,
    }));
  });
}

/**
 * The asset report's holdings (issue 17 item 8): per account and asset the balance (available
 * and frozen), the USD price and value; each account's total beside its rows and the grand total
 * below. Amounts in full. `onMove` adds a move action to each row (members who may move).
 */
export function HoldingsTable({
  holdings,
  total,
  empty,
  onMove,
}: {
  holdings: readonly CustodyHolding[];
  total: string;
  empty: ReactNode;
  onMove?: (holding: CustodyHolding) => void;
}) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const amount = (holding: CustodyHolding, value: string) => formatExactAmount(holding.coin, value, language);
  const usd = (value: string) => formatFiat(value, 'USD', language);
  const span = (row: HoldingRow) => ({ rowSpan: row.accountRows });

  const columns: TableColumnsType<HoldingRow> = [
    {
      key: 'account',
      title: t('report.columns.account'),
      onCell: span,
      render: (_value, row) => (
        <div className={styles.accountCell} data-testid={`holding-account-${row.accountId}`}>
          <span className={common.name}>{row.accountName}</span>
          <span className={styles.tags}>
            <Tag>{t(`accountKinds.${row.kind}`)}</Tag>
            <span className={`${common.sub} ${styles.inline}`}>{t(`accountTiers.${row.tier}`)}</span>
          </span>
          <span className={styles.accountTotal}>
            {t('report.accountTotal')} <strong className={styles.figure}>{usd(row.accountUsd)}</strong>
          </span>
        </div>
      ),
    },
    { key: 'coin', title: t('report.columns.coin'), render: (_value, row) => <strong>{row.coin}</strong> },
    {
      key: 'balance',
      title: t('report.columns.balance'),
      align: 'right',
      render: (_value, row) => (
        <span className={styles.figure} data-testid={`holding-balance-${row.key}`}>
          {amount(row, row.balance)}
        </span>
      ),
    },
    {
      key: 'available',
      title: t('report.columns.available'),
      align: 'right',
      render: (_value, row) => <span className={styles.figure}>{amount(row, row.available)}</span>,
    },
    {
      key: 'frozen',
      title: t('report.columns.frozen'),
      align: 'right',
      render: (_value, row) => <span className={styles.figure}>{amount(row, row.frozen)}</span>,
    },
    {
      key: 'usdPrice',
      title: t('report.columns.usdPrice'),
      align: 'right',
      render: (_value, row) => <span className={styles.figure}>{formatFiat(row.usdPrice, 'USD', language)}</span>,
    },
    {
      key: 'usdValue',
      title: t('report.columns.usdValue'),
      align: 'right',
      render: (_value, row) => (
        <span className={styles.figure} data-testid={`holding-usd-${row.key}`}>
          {usd(row.usdValue)}
        </span>
      ),
    },
    ...(onMove
      ? [
          {
            key: 'actions',
            title: t('report.columns.actions'),
            render: (_value: unknown, row: HoldingRow) => (
              <Button
                type="link"
                size="small"
                disabled={row.available === '0'}
                onClick={() => onMove(row)}
                aria-label={t('report.moveLabel', { coin: row.coin, account: row.accountName })}
                data-testid={`holding-move-${row.key}`}
              >
                {t('report.move')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Table<HoldingRow>
      rowKey="key"
      size="middle"
      bordered
      columns={columns}
      dataSource={rowsOf(holdings)}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      aria-label={t('report.holdingsLabel')}
      data-testid="holdings-table"
      summary={() =>
        holdings.length === 0 ? null : (
          <Table.Summary.Row className={styles.totalRow}>
            <Table.Summary.Cell index={0} colSpan={6}>
              <strong>{t('report.total')}</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={6} align="right">
              <strong className={styles.figure} data-testid="holdings-total">
                {usd(total)}
              </strong>
            </Table.Summary.Cell>
            {onMove ? <Table.Summary.Cell index={7} /> : null}
          </Table.Summary.Row>
        )
      }
    />
  );
}
