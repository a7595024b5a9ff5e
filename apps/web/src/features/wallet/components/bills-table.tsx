import type { Bill } from '@coffer/contract';
import { Button, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { PagedTable, type PagedTableList } from '../../../shared/ui/paged-table';
import { shortenMiddle } from '../../../shared/ui/short-value';
import { longDetailKeys, summaryDetail, useBillTypeLabel, useDetailLabel, useDetailValue } from './bill-labels';
import styles from './bills-table.module.css';

/** Bills, paged by the server: time, type, coin, signed amount, detail, and a way to the drawer. */
export function BillsTable({ onOpen, ...list }: PagedTableList<Bill> & { onOpen: (bill: Bill) => void }) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const typeLabel = useBillTypeLabel();
  const detailLabel = useDetailLabel();
  const detailValue = useDetailValue();

  const columns: TableColumnsType<Bill> = [
    {
      key: 'time',
      title: t('bills.columns.time'),
      className: styles.time,
      render: (_value, bill) => formatDateTime(bill.time, language),
    },
    { key: 'type', title: t('bills.columns.type'), render: (_value, bill) => typeLabel(bill.type) },
    { key: 'coin', title: t('bills.columns.coin'), render: (_value, bill) => <CoinBadge coin={bill.coin} size="small" /> },
    {
      key: 'amount',
      title: t('bills.columns.amount'),
      align: 'right',
      className: styles.amount,
      render: (_value, bill) => formatAmount(bill.coin, bill.amount, language, { signDisplay: 'exceptZero' }),
    },
    {
      key: 'detail',
      title: t('bills.columns.detail'),
      className: styles.detail,
      render: (_value, bill) => {
        const first = summaryDetail(bill.detail);
        if (!first) return <span className={styles.muted}>—</span>;
        const [key, value] = first;
        const text = longDetailKeys.has(key) ? shortenMiddle(value, 10) : detailValue(key, value, bill, language);
        return (
          <span className={styles.detailText} title={`${detailLabel(key)}: ${value}`}>
            <span className={styles.detailLabel}>{detailLabel(key)}:</span> {text}
          </span>
        );
      },
    },
    {
      key: 'open',
      title: <span className="visually-hidden">{t('bills.columns.open')}</span>,
      align: 'right',
      render: (_value, bill) => (
        <Button
          type="link"
          size="small"
          onClick={() => onOpen(bill)}
          aria-label={t('bills.openDetailOf', { time: formatDateTime(bill.time, language) })}
        >
          {t('bills.openDetail')}
        </Button>
      ),
    },
  ];

  return (
    <PagedTable<Bill>
      testId="bills-table"
      label={t('bills.tableLabel')}
      rowKey="id"
      columns={columns}
      totalText={(total) => t('bills.total', { total })}
      {...list}
    />
  );
}
