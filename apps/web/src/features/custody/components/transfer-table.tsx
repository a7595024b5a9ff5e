import type { CustodyTransfer } from '@coffer/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PagedTable, type PagedTableList } from '../../../shared/ui/paged-table';
import { ShortValue } from '../../../shared/ui/short-value';
import { TransferStateTag } from './money-parts';
import styles from './custody-money.module.css';
import common from './custody-console.module.css';

/** Into the account (+) or out of it (−): the quantity is always positive, the business type says which. */
const directionOf = (record: CustodyTransfer) => (record.businessType === 'internalOut' ? '−' : '+');

/**
 * The transfer records of spec §3, one row each: recorded time, flow id over order number,
 * account, coin and network, business type, quantity (signed by direction), handling fee, the
 * account's balance after it, source over to-address, hash, remarks and the §4 state. Amounts in
 * full (every decimal the record has); addresses and hashes shortened with the full value on
 * hover and a copy button. The time and the state stay in view while the rest scrolls. Paged by
 * the server.
 */
export function TransferTable(list: PagedTableList<CustodyTransfer>) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const chainName = useChainName();
  const none = <span className={common.muted}>{t('common.none')}</span>;
  const amount = (coin: string, value: string) => formatExactAmount(coin, value, language);
  const long = (value: string | null) => (value ? <ShortValue value={value} keep={6} /> : none);

  const columns: TableColumnsType<CustodyTransfer> = [
    {
      key: 'recordedTime',
      title: t('transfers.columns.recordedTime'),
      fixed: 'left',
      width: 124,
      render: (_value, record) => <span className={styles.time}>{formatDateTime(record.recordedTime, language)}</span>,
    },
    {
      key: 'flowId',
      title: (
        <span className={styles.stackHead}>
          {t('transfers.columns.flowId')}
          <span className={common.sub}>{t('transfers.columns.orderNo')}</span>
        </span>
      ),
      render: (_value, record) => (
        <span className={styles.code}>
          {record.flowId}
          <span className={common.sub}>{record.orderNo}</span>
        </span>
      ),
    },
    {
      key: 'account',
      title: t('transfers.columns.account'),
      render: (_value, record) => <span className={common.name}>{record.accountName}</span>,
    },
    {
      key: 'coin',
      title: t('transfers.columns.coin'),
      render: (_value, record) => (
        <span className={common.nowrap}>
          <strong>{record.coin}</strong>
          <span className={common.sub}>{record.chain ? chainName(record.chain) : t('common.internal')}</span>
        </span>
      ),
    },
    {
      key: 'businessType',
      title: t('transfers.columns.businessType'),
      width: 120,
      render: (_value, record) => t(`businessTypes.${record.businessType}`),
    },
    {
      key: 'quantity',
      title: t('transfers.columns.quantity'),
      align: 'right',
      render: (_value, record) => (
        <span className={styles.figure} data-testid={`transfer-quantity-${record.flowId}`}>
          {directionOf(record)}
          {amount(record.coin, record.quantity)}
        </span>
      ),
    },
    {
      key: 'handlingFee',
      title: t('transfers.columns.handlingFee'),
      align: 'right',
      render: (_value, record) => <span className={styles.figure}>{amount(record.coin, record.handlingFee)}</span>,
    },
    {
      key: 'accountBalance',
      title: t('transfers.columns.accountBalance'),
      align: 'right',
      render: (_value, record) =>
        record.accountBalance === null ? none : <span className={styles.figure}>{amount(record.coin, record.accountBalance)}</span>,
    },
    {
      key: 'source',
      title: (
        <span className={styles.stackHead}>
          {t('transfers.columns.source')}
          <span className={common.sub}>{t('transfers.columns.toAddress')}</span>
        </span>
      ),
      render: (_value, record) => (
        <span className={styles.route}>
          <span>{record.source === '' ? none : record.businessType === 'deposit' ? long(record.source) : record.source}</span>
          <span>
            <span aria-hidden="true" className={styles.arrow}>
              →{' '}
            </span>
            {record.businessType === 'deposit' ? long(record.toAddress) : record.toAddress}
          </span>
        </span>
      ),
    },
    { key: 'hash', title: t('transfers.columns.hash'), render: (_value, record) => long(record.hash) },
    {
      key: 'remarks',
      title: t('transfers.columns.remarks'),
      width: 160,
      render: (_value, record) => (record.remarks ? <span className={styles.note}>{record.remarks}</span> : none),
    },
    {
      key: 'state',
      title: t('transfers.columns.state'),
      fixed: 'right',
      render: (_value, record) => <TransferStateTag record={record} />,
    },
  ];

  return (
    <PagedTable<CustodyTransfer>
      testId="transfer-table"
      label={t('transfers.tableLabel')}
      rowKey="flowId"
      columns={columns}
      totalText={(total) => t('transfers.total', { count: total })}
      scroll={{ x: 'max-content' }}
      {...list}
    />
  );
}
