import type { AdminBillingOrg, CustodyBill } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { billingOrganisationsQuery } from '../api/custody-billing';
import { emptyValue, ratePercent, timeText } from '../components/admin-format';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import { BillingRatesDialog, MarkPaidDialog } from '../components/billing-dialogs';
import styles from '../components/admin.module.css';

type Dialog =
  { kind: 'rates'; organisation: AdminBillingOrg } | { kind: 'markPaid'; organisation: AdminBillingOrg; bill: CustodyBill } | null;

function BillState({ bill }: { bill: CustodyBill }) {
  const { t } = useTranslation('admin');
  return (
    <Tag color={bill.state === 'paid' ? 'success' : 'warning'} data-testid="billing-bill-state">
      {t(`billing.states.${bill.state}`)}
    </Tag>
  );
}

function OrganisationBills({ organisation, onMarkPaid }: { organisation: AdminBillingOrg; onMarkPaid: (bill: CustodyBill) => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const columns: TableColumnsType<CustodyBill> = [
    { key: 'period', title: t('billing.period'), render: (_, bill) => bill.period },
    { key: 'dueOn', title: t('billing.dueOn'), render: (_, bill) => bill.dueOn },
    {
      key: 'hosting',
      title: t('billing.hostingFee'),
      align: 'right',
      render: (_, bill) => <span className={styles.figure}>{bill.hostingFeeUsd}</span>,
    },
    {
      key: 'fees',
      title: t('billing.withdrawalFees'),
      align: 'right',
      render: (_, bill) => <span className={styles.figure}>{bill.withdrawalFeeUsd}</span>,
    },
    {
      key: 'final',
      title: t('billing.finalCost'),
      align: 'right',
      render: (_, bill) => <strong className={styles.figure}>{bill.finalCostUsd}</strong>,
    },
    { key: 'state', title: t('billing.state'), render: (_, bill) => <BillState bill={bill} /> },
    {
      key: 'payment',
      title: t('billing.payment'),
      render: (_, bill) =>
        bill.payment
          ? `${t(`billing.methods.${bill.payment.method}`)} · ${timeText(bill.payment.paidAt, language)}${
              bill.payment.amount ? ` · ${bill.payment.amount} ${bill.payment.coin ?? ''}` : ''
            }${bill.payment.note ? ` · ${bill.payment.note}` : ''}`
          : emptyValue,
    },
    {
      key: 'action',
      title: '',
      render: (_, bill) =>
        bill.state === 'unpaid' ? (
          <Button size="small" onClick={() => onMarkPaid(bill)} data-testid="billing-mark-paid">
            {t('billing.markPaid')}
          </Button>
        ) : null,
    },
  ];
  if (organisation.bills.length === 0) return <EmptyText text={t('billing.noBills')} testId="billing-no-bills" />;
  return (
    <Table<CustodyBill>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={organisation.bills}
      pagination={false}
      data-testid="billing-bills"
    />
  );
}

/** Custody billing for operators with `custody.billing`: organisations with their rates and bills, rates set, wires marked paid. */
export function CustodyBillingPage() {
  const { t } = useTranslation('admin');
  const [unpaidOnly, setUnpaidOnly] = useState(false);
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery(billingOrganisationsQuery(unpaidOnly, paging.page, paging.pageSize));

  const columns: TableColumnsType<AdminBillingOrg> = [
    { key: 'name', title: t('billing.organisation'), render: (_, row) => row.name },
    {
      key: 'rate',
      title: t('billing.annualRate'),
      render: (_, row) => (
        <>
          <span className={styles.figure}>{ratePercent(row.annualRate)}</span>
          {row.isDefaultRates ? <span className={styles.muted}> ({t('billing.default')})</span> : null}
        </>
      ),
    },
    {
      key: 'minimum',
      title: t('billing.minimumUsd'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{row.minimumUsd}</span>,
    },
    { key: 'method', title: t('billing.method'), render: (_, row) => t(`billing.methods.${row.method}`) },
    {
      key: 'unpaid',
      title: t('billing.unpaid'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{row.unpaidUsd}</span>,
    },
    {
      key: 'action',
      title: '',
      render: (_, row) => (
        <Button size="small" onClick={() => setDialog({ kind: 'rates', organisation: row })} data-testid="billing-set-rates">
          {t('billing.setRates')}
        </Button>
      ),
    },
  ];

  let body;
  if (list.isError && !list.data) body = <AdminErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <TableSkeleton rows={5} columns={6} />;
  else if (list.data.total === 0) body = <EmptyText text={t('billing.empty')} testId="billing-empty" />;
  else
    body = (
      <Table<AdminBillingOrg>
        rowKey="orgId"
        columns={columns}
        dataSource={list.data.records}
        loading={list.isFetching && list.isPlaceholderData}
        scroll={{ x: 'max-content' }}
        expandable={{
          defaultExpandAllRows: true,
          expandedRowRender: (row) => (
            <OrganisationBills organisation={row} onMarkPaid={(bill) => setDialog({ kind: 'markPaid', organisation: row, bill })} />
          ),
        }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: list.data.total,
          showTotal: (count) => t('billing.total', { total: count }),
          onChange: (page, pageSize) => setPaging({ page, pageSize }),
        }}
        data-testid="billing-organisations"
      />
    );

  return (
    <PageFrame title={t('billing.title')} testId="admin-billing-page">
      <Card
        title={t('billing.organisations')}
        extra={
          <label className={styles.toolbar}>
            <Switch
              checked={unpaidOnly}
              onChange={(checked) => {
                setUnpaidOnly(checked);
                setPaging((current) => ({ ...current, page: 1 }));
              }}
              data-testid="billing-unpaid-only"
            />
            {t('billing.unpaidOnly')}
          </label>
        }
      >
        {body}
      </Card>
      {dialog?.kind === 'rates' ? <BillingRatesDialog organisation={dialog.organisation} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'markPaid' ? (
        <MarkPaidDialog organisation={dialog.organisation} bill={dialog.bill} onClose={() => setDialog(null)} />
      ) : null}
    </PageFrame>
  );
}
