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

/** Into the account (+) or out of it (−): the quantity is always positive, the business type says which. */
const directionOf = (record: CustodyTransfer) => (record.businessType === 'internalOut' ? '−' : '+');

/**
 * The transfer records of spec §3, one row each: flow id, order number, account, coin and
 * network, business type, quantity (signed by direction), handling fee, the account's balance
 * after it, §4 state, remarks, recorded time, source, hash and to-address. Amounts in full
 * (every decimal the record has); addresses and hashes shortened with the full value on hover
 * and a copy button. Paged by the server.
 */
export function TransferTable(list: PagedTableList<CustodyTransfer>) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const chainName = useChainName();
  const none = <span className={styles.muted}>{t('common.none')}</span>;
  const amount = (coin: string, value: string) => formatExactAmount(coin, value, language);
  const long = (value: string | null) => (value ? <ShortValue value={value} keep={6} /> : none);

  const columns: TableColumnsType<CustodyTransfer> = [
    {
      key: 'flowId',
      title: t('transfers.columns.flowId'),
      render: (_value, record) => <span className={styles.code}>{record.flowId}</span>,
    },
    {
      key: 'orderNo',
      title: t('transfers.columns.orderNo'),
      render: (_value, record) => <span className={styles.code}>{record.orderNo}</span>,
    },
    {
      key: 'account',
      title: t('transfers.columns.account'),
      render: (_value, record) => <span className={styles.name}>{record.accountName}</span>,
    },
    {
      key: 'coin',
      title: t('transfers.columns.coin'),
      render: (_value, record) => (
        <span className={styles.nowrap}>
          <strong>{record.coin}</strong>
          <span className={styles.sub}>{record.chain ? chainName(record.chain) : t('common.internal')}</span>
        </span>
      ),
    },
    {
      key: 'businessType',
      title: t('transfers.columns.businessType'),
      render: (_value, record) => <span className={styles.nowrap}>{t(`businessTypes.${record.businessType}`)}</span>,
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
      key: 'state',
      title: t('transfers.columns.state'),
      render: (_value, record) => <TransferStateTag record={record} />,
    },
    {
      key: 'remarks',
      title: t('transfers.columns.remarks'),
      render: (_value, record) => (record.remarks ? <span className={styles.note}>{record.remarks}</span> : none),
    },
    {
      key: 'recordedTime',
      title: t('transfers.columns.recordedTime'),
      render: (_value, record) => <span className={styles.nowrap}>{formatDateTime(record.recordedTime, language)}</span>,
    },
    {
      key: 'source',
      title: t('transfers.columns.source'),
      render: (_value, record) =>
        record.source === '' ? (
          none
        ) : record.businessType === 'deposit' ? (
          long(record.source)
        ) : (
          <span className={styles.name}>{record.source}</span>
        ),
    },
    { key: 'hash', title: t('transfers.columns.hash'), render: (_value, record) => long(record.hash) },
    {
      key: 'toAddress',
      title: t('transfers.columns.toAddress'),
      render: (_value, record) =>
        record.businessType === 'deposit' ? long(record.toAddress) : <span className={styles.name}>{record.toAddress}</span>,
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
