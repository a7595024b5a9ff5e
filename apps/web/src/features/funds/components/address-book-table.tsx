import type { WithdrawAddress } from '@coffer/contract';
import { Button, Popconfirm, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import { useDeleteWithdrawAddress } from '../api/delete-withdraw-address';
import { buttonTestId } from './button-test-id';
import { useChainLabel } from '../../../shared/i18n/chain-names';
import table from '../../../shared/ui/records-table.module.css';
import styles from './records.module.css';

/** Trusted and past the cooling period, trusted but cooling, or not trusted. */
function TrustState({ entry, now }: { entry: WithdrawAddress; now: number }) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  if (!entry.trusted) return <Tag>{t('addresses.notTrusted')}</Tag>;
  const usableAt = entry.usableWithoutVerificationAt;
  if (usableAt && Date.parse(usableAt) > now) {
    return (
      <span className={styles.coin} data-testid={`address-cooling-${entry.id}`}>
        <Tag color="warning">
          <span aria-hidden="true">◔ </span>
          {t('addresses.cooling')}
        </Tag>
        <span className={styles.hint}>{t('addresses.coolingUntil', { time: formatDateTime(usableAt, language) })}</span>
      </span>
    );
  }
  return (
    <Tag color="success" data-testid={`address-trusted-${entry.id}`}>
      <span aria-hidden="true">✓ </span>
      {t('addresses.trusted')}
    </Tag>
  );
}

/** The address book (spec §3): note, network, address, tag, trusted flag; trust and delete. */
export function AddressBookTable({
  entries,
  now,
  canTrust,
  onTrust,
}: {
  entries: WithdrawAddress[];
  now: number;
  /** False until the server has said which second factor trusting asks for. */
  canTrust: boolean;
  onTrust: (entry: WithdrawAddress) => void;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const chainLabel = useChainLabel();
  const remove = useDeleteWithdrawAddress();

  const columns: TableColumnsType<WithdrawAddress> = [
    { key: 'note', title: t('addresses.note'), dataIndex: 'note', className: table.nowrap },
    { key: 'chain', title: t('addresses.chain'), className: table.nowrap, render: (_value, entry) => chainLabel(entry.chain) },
    { key: 'address', title: t('addresses.address'), render: (_value, entry) => <ShortValue value={entry.address} keep={10} /> },
    { key: 'tag', title: t('withdraw.tag'), render: (_value, entry) => entry.tag ?? '—' },
    { key: 'trusted', title: t('addresses.trustState'), width: 230, render: (_value, entry) => <TrustState entry={entry} now={now} /> },
    {
      key: 'created',
      title: t('addresses.created'),
      className: table.nowrap,
      render: (_value, entry) => formatDate(entry.createdAt, language),
    },
    {
      key: 'actions',
      title: t('addresses.actions'),
      render: (_value, entry) => (
        <span className={styles.actions}>
          {entry.trusted ? null : (
            <Button size="small" disabled={!canTrust} onClick={() => onTrust(entry)} data-testid={`address-trust-${entry.id}`}>
              {t('addresses.trust')}
            </Button>
          )}
          <Popconfirm
            title={t('addresses.deleteTitle')}
            description={t('addresses.deleteText', { note: entry.note })}
            okText={t('addresses.deleteYes')}
            cancelText={t('addresses.cancel')}
            okButtonProps={{ danger: true, ...buttonTestId('address-delete-confirm') }}
            onConfirm={() => remove.mutateAsync(entry.id).catch(() => undefined)}
          >
            <Button size="small" danger data-testid={`address-delete-${entry.id}`}>
              {t('addresses.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <Table<WithdrawAddress>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={entries}
      pagination={false}
      scroll={{ x: true }}
      data-testid="address-table"
      locale={{ emptyText: <p className={table.empty}>{t('addresses.empty')}</p> }}
    />
  );
}
