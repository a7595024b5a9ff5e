import { sanctionsHoldStatuses, sanctionsNoteMaxChars, type SanctionsHold, type SanctionsHoldStatus } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { errorText } from '../api/admin-call';
import { sanctionsHoldsQuery, useDecideHold } from '../api/sanctions';
import { rowProps, timeText } from './admin-format';
import { AdminErrorState } from './admin-states';
import { ReasonDialog } from './reason-dialog';
import styles from './admin.module.css';

/** Release (reason optional) or refuse (reason required) one open hold, after reading what it is. */
function HoldDecisionDialog({ hold, kind, onClose }: { hold: SanctionsHold; kind: 'release' | 'refuse'; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const decide = useDecideHold();
  const handleConfirm = (reason: string) =>
    decide.mutate(
      { id: hold.id, decision: kind === 'refuse' ? { kind, reason } : { kind, ...(reason ? { reason } : {}) } },
      { onSuccess: onClose },
    );
  return (
    <ReasonDialog
      title={kind === 'release' ? t('sanctions.releaseTitle') : t('sanctions.refuseTitle')}
      description={t(kind === 'release' ? `sanctions.releaseWhat.${hold.kind}` : `sanctions.refuseWhat.${hold.kind}`, {
        amount: `${formatExactAmount(hold.coin, hold.amount, language)} ${hold.coin}`,
        userNo: hold.userNo,
      })}
      label={kind === 'release' ? t('sanctions.reasonOptional') : t('sanctions.reason')}
      requiredMessage={kind === 'refuse' ? t('sanctions.reasonRequired') : undefined}
      maxChars={sanctionsNoteMaxChars}
      confirmLabel={kind === 'release' ? t('sanctions.release') : t('sanctions.refuse')}
      danger={kind === 'refuse'}
      pending={decide.isPending}
      error={decide.isError ? errorText(decide.error) : null}
      onConfirm={handleConfirm}
      onClose={onClose}
      testIds={{ form: 'sanctions-hold-form', reason: 'sanctions-hold-reason', confirm: 'sanctions-hold-confirm' }}
    />
  );
}

const statusColors: Record<SanctionsHoldStatus, string> = { open: 'warning', released: 'success', refused: 'error' };

/** Withdrawals and deposits held by screening: open ones first, each released or refused by compliance. */
export function SanctionsHolds() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const chainName = useChainName();
  const [status, setStatus] = useState<SanctionsHoldStatus>('open');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const holds = useQuery(sanctionsHoldsQuery(status, paging.page, paging.pageSize));
  const [deciding, setDeciding] = useState<{ hold: SanctionsHold; kind: 'release' | 'refuse' } | null>(null);

  const columns: TableColumnsType<SanctionsHold> = [
    { key: 'openedAt', title: t('sanctions.openedAt'), render: (_, row) => timeText(row.openedAt, language) },
    { key: 'kind', title: t('sanctions.kind'), render: (_, row) => t(`sanctions.kinds.${row.kind}`) },
    { key: 'userNo', title: t('customers.userNo'), dataIndex: 'userNo' },
    {
      key: 'amount',
      title: t('sanctions.amount'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{`${formatExactAmount(row.coin, row.amount, language)} ${row.coin}`}</span>,
    },
    {
      key: 'address',
      title: t('sanctions.address'),
      render: (_, row) => (
        <>
          <span className={styles.muted}>{chainName(row.chain)}</span> <ShortValue value={row.address} />
        </>
      ),
    },
    {
      key: 'entry',
      title: t('sanctions.entry'),
      render: (_, row) => (
        <>
          <Tag>{t(`sanctions.sources.${row.entry.source}`)}</Tag>
          {row.entry.label}
          {row.isStillListed ? null : (
            <>
              <br />
              <Tag color="warning" data-testid="sanctions-hold-delisted">
                {t('sanctions.noLongerListed')}
              </Tag>
            </>
          )}
        </>
      ),
    },
    {
      key: 'status',
      title: t('sanctions.status'),
      render: (_, row) =>
        row.status === 'open' ? (
          <Tag color={statusColors.open}>{t('sanctions.statuses.open')}</Tag>
        ) : (
          <>
            <Tag color={statusColors[row.status]}>{t(`sanctions.statuses.${row.status}`)}</Tag>
            <br />
            <span className={styles.muted}>
              {row.decidedBy?.name ?? row.decidedBy?.id ?? ''} {timeText(row.decidedAt, language)}
            </span>
            {row.reason ? <div>{row.reason}</div> : null}
          </>
        ),
    },
  ];
  if (status === 'open') {
    columns.push({
      key: 'decide',
      title: '',
      align: 'right',
      render: (_, row) => (
        <span className={styles.toolbar}>
          <Button size="small" onClick={() => setDeciding({ hold: row, kind: 'release' })} data-testid={`sanctions-release-${row.id}`}>
            {t('sanctions.release')}
          </Button>
          <Button size="small" danger onClick={() => setDeciding({ hold: row, kind: 'refuse' })} data-testid={`sanctions-refuse-${row.id}`}>
            {t('sanctions.refuse')}
          </Button>
        </span>
      ),
    });
  }

  let body;
  if (holds.isError && !holds.data) body = <AdminErrorState error={holds.error} onRetry={() => void holds.refetch()} />;
  else if (!holds.data) body = <TableSkeleton rows={3} columns={7} />;
  else
    body = (
      <Table<SanctionsHold>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={holds.data.items}
        onRow={() => rowProps('sanctions-hold-row')}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: holds.data.total,
          hideOnSinglePage: true,
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        locale={{ emptyText: t(`sanctions.noHolds.${status}`) }}
        data-testid="sanctions-holds"
      />
    );

  return (
    <Card
      title={t('sanctions.holds')}
      extra={
        <Segmented<SanctionsHoldStatus>
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPaging((current) => ({ ...current, page: 1 }));
          }}
          options={sanctionsHoldStatuses.map((value) => ({ value, label: t(`sanctions.statuses.${value}`) }))}
          data-testid="sanctions-holds-status"
        />
      }
    >
      {body}
      {deciding ? <HoldDecisionDialog hold={deciding.hold} kind={deciding.kind} onClose={() => setDeciding(null)} /> : null}
    </Card>
  );
}
