import type { CustodyAddress } from '@coffer/contract';
import { Button, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PagedTable, type RecordPage } from '../../../shared/ui/paged-table';
import { ShortValue } from '../../../shared/ui/short-value';
import styles from './custody-config.module.css';
import common from './custody-console.module.css';
import { ConfirmedAction } from './confirmed-action';

/**
 * A custody account's address book (spec §3): coin, network, address (shortened, full on hover,
 * copy), tag/memo, note, added on; each removed after confirmation. Paged here: an account
 * holds at most 200.
 */
export function AddressBookTable({
  page,
  busyId,
  empty,
  onPageChange,
  onDelete,
}: {
  page: RecordPage<CustodyAddress>;
  busyId: string | null;
  empty: ReactNode;
  onPageChange: (pageNo: number, pageSize: number) => void;
  onDelete: (address: CustodyAddress) => void;
}) {
  const { t } = useTranslation('custodyConfig');
  const language = useLanguage();
  const chainName = useChainName();
  const none = <span className={common.muted}>{t('common.none')}</span>;
  const columns: TableColumnsType<CustodyAddress> = [
    { key: 'asset', title: t('addresses.columns.asset'), render: (_value, entry) => <strong>{entry.asset}</strong> },
    {
      key: 'chain',
      title: t('addresses.columns.chain'),
      render: (_value, entry) => <span className={common.nowrap}>{chainName(entry.chain)}</span>,
    },
    { key: 'address', title: t('addresses.columns.address'), render: (_value, entry) => <ShortValue value={entry.address} /> },
    {
      key: 'tag',
      title: t('addresses.columns.tag'),
      render: (_value, entry) => (entry.tag ? <span className={styles.figure}>{entry.tag}</span> : none),
    },
    {
      key: 'note',
      title: t('addresses.columns.note'),
      render: (_value, entry) => (entry.note ? <span className={styles.note}>{entry.note}</span> : none),
    },
    {
      key: 'createdAt',
      title: t('addresses.columns.createdAt'),
      render: (_value, entry) => <span className={common.nowrap}>{formatDateTime(entry.createdAt, language)}</span>,
    },
    {
      key: 'actions',
      title: t('addresses.columns.actions'),
      render: (_value, entry) => (
        <ConfirmedAction
          namespace="custodyConfig"
          title={t('addresses.deleteTitle')}
          text={t('addresses.deleteText', { address: entry.address })}
          okText={t('addresses.deleteConfirm')}
          isLong
          testId="address-delete-confirm"
          onConfirm={() => onDelete(entry)}
        >
          <Button
            type="link"
            size="small"
            danger
            loading={busyId === entry.id}
            disabled={busyId !== null && busyId !== entry.id}
            data-testid={`address-delete-${entry.id}`}
          >
            {t('addresses.delete')}
          </Button>
        </ConfirmedAction>
      ),
    },
  ];
  return (
    <PagedTable<CustodyAddress>
      testId="address-table"
      label={t('addresses.tableLabel')}
      rowKey="id"
      columns={columns}
      totalText={(total) => t('addresses.total', { count: total })}
      scroll={{ x: 'max-content' }}
      page={page}
      isLoading={false}
      empty={empty}
      onPageChange={onPageChange}
    />
  );
}
