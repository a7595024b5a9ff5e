import type { AutoSwapRecord } from '@coffer/contract';
import { errorCatalogue, errorMessage, type ErrorKey } from '@coffer/contract/errors';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { PagedTable, type PagedTableList } from '../../../shared/ui/paged-table';
import { AutoSwapStatusTag } from './status-tags';
import { formatCoinAmount, formatPairPrice } from './trade-format';
import { useTradeLanguage } from './trade-locale';
import styles from './orders-table.module.css';

/** The quote coin of a record's pair ("BTC/USDT" → "USDT"), in which its price is written. */
/** The pair the swap was priced in: its quote's, or source/target when the record has none. */
function pairOf(record: AutoSwapRecord): string {
  return record.pair ?? `${record.sourceCoin}/${record.targetCoin}`;
}

const isErrorKey = (reason: string): reason is ErrorKey => Object.hasOwn(errorCatalogue, reason);

/** Spec §3 auto-swap order per row: source coin, target coin, time, price, status; plus the amounts. */
export function AutoSwapRecordsTable(list: PagedTableList<AutoSwapRecord>) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const dash = <span aria-label={t('records.notYet')}>—</span>;
  // The server names why a swap stopped by a catalogue error key, or 'settingDisabled'.
  const reasonText = (reason: string | null) =>
    reason === null
      ? null
      : reason === 'settingDisabled'
        ? t('records.settingDisabled')
        : isErrorKey(reason)
          ? errorMessage(reason, language)
          : null;

  const columns: TableColumnsType<AutoSwapRecord> = [
    {
      key: 'time',
      title: t('records.columns.time'),
      className: styles.nowrap,
      render: (_value, record) => formatDateTime(record.time, language),
    },
    { key: 'source', title: t('records.columns.source'), render: (_value, record) => record.sourceCoin },
    { key: 'target', title: t('records.columns.target'), render: (_value, record) => record.targetCoin },
    {
      key: 'sourceAmount',
      title: t('records.columns.sourceAmount'),
      align: 'right',
      className: styles.number,
      render: (_value, record) => formatCoinAmount(record.sourceAmount, record.sourceCoin, language),
    },
    {
      key: 'targetAmount',
      title: t('records.columns.targetAmount'),
      align: 'right',
      className: styles.number,
      render: (_value, record) => (record.targetAmount ? formatCoinAmount(record.targetAmount, record.targetCoin, language) : dash),
    },
    {
      key: 'price',
      title: t('records.columns.price'),
      align: 'right',
      className: styles.number,
      render: (_value, record) => (record.price ? `${record.pair ?? ''} ${formatPairPrice(record.price, pairOf(record), language)}` : dash),
    },
    {
      key: 'status',
      title: t('records.columns.status'),
      render: (_value, record) => {
        const reason = reasonText(record.statusReason);
        return (
          <span className={styles.status}>
            <AutoSwapStatusTag status={record.status} />
            {reason ? <span className={styles.reason}>{reason}</span> : null}
          </span>
        );
      },
    },
  ];

  return (
    <PagedTable<AutoSwapRecord>
      testId="auto-swap-records"
      label={t('records.tableLabel')}
      rowKey="id"
      columns={columns}
      totalText={(total) => t('records.total', { total })}
      scroll={{ x: 'max-content' }}
      {...list}
    />
  );
}
