import { custodyBillStates, type CustodyBill, type CustodyBillState } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { FilterBar, FilterField } from '../../../shared/ui/filter-bar';
import { PageFrame } from '../../../shared/ui/page-frame';
import { PagedTable, pageFromParams, writePageParams } from '../../../shared/ui/paged-table';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { custodyBillsQuery, downloadCustodyBillPdf } from '../api/custody-billing';
import { BillStateTag, formatPeriod, formatUsd, todayUtc } from '../components/bill-parts';
import { ConsoleRead } from '../components/custody-load-error';
import { DownloadStatus, useFileDownload } from '../components/use-file-download';
import layout from '../../../shared/ui/form-page-layout.module.css';
import common from '../components/custody-console.module.css';
import styles from '../components/custody-billing.module.css';

interface BillFilterValues {
  state?: CustodyBillState;
  year?: string;
}

const isState = (value: string | null): value is CustodyBillState =>
  value !== null && (custodyBillStates as readonly string[]).includes(value);

function filtersFrom(params: URLSearchParams): BillFilterValues {
  const state = params.get('state');
  const year = params.get('year');
  return { state: isState(state) ? state : undefined, year: year && /^\d{4}$/.test(year) ? year : undefined };
}

/** The years a filter offers: this one and the five before it, newest first. */
function yearsUpTo(today: string): string[] {
  const current = Number(today.slice(0, 4));
  return Array.from({ length: 6 }, (_unused, index) => String(current - index));
}

/**
 * Billing list (spec §2 "billing list", §3, §9): the organisation's monthly bills, newest period
 * first, filtered by year and payment status; each with its figures, due date (before the 10th
 * of the next month), status (overdue when unpaid past it), detail and PDF. Filters and page live
 * in the address.
 */
export function BillingPage() {
  const { t, ready } = useTranslation('custodyBilling');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const { pageNo, pageSize } = pageFromParams(params);
  const bills = useQuery(
    custodyBillsQuery(
      {
        state: filters.state,
        fromMonth: filters.year ? `${filters.year}-01` : undefined,
        toMonth: filters.year ? `${filters.year}-12` : undefined,
      },
      pageNo,
      pageSize,
    ),
  );
  const download = useFileDownload();
  const hasFilters = filters.state !== undefined || filters.year !== undefined;

  const writeParams = (next: BillFilterValues, page = 1, size = pageSize) => {
    const search = new URLSearchParams();
    if (next.state) search.set('state', next.state);
    if (next.year) search.set('year', next.year);
    writePageParams(search, page, size);
    setParams(search, { replace: true });
  };

  if (!ready) return <TableSkeleton rows={6} columns={8} />;

  const columns: TableColumnsType<CustodyBill> = [
    {
      key: 'period',
      title: t('list.columns.period'),
      fixed: 'left',
      width: 120,
      render: (_value, bill) => (
        <Link to={pathTo('custodyBillingDetail', { billId: bill.id })} className={styles.strong} data-testid="bill-link">
          {formatPeriod(bill.period, language)}
        </Link>
      ),
    },
    {
      key: 'marketValue',
      title: t('list.columns.marketValue'),
      align: 'right',
      render: (_value, bill) => (
        <span className={styles.amount}>
          {formatUsd(bill.averageMarketValueUsd, language)}
          <span className={common.sub}>{t('list.marketValueHint')}</span>
        </span>
      ),
    },
    {
      key: 'hostingFee',
      title: t('list.columns.hostingFee'),
      align: 'right',
      render: (_value, bill) => <span className={styles.amount}>{formatUsd(bill.hostingFeeUsd, language)}</span>,
    },
    {
      key: 'withdrawalFee',
      title: t('list.columns.withdrawalFee'),
      align: 'right',
      render: (_value, bill) => <span className={styles.amount}>{formatUsd(bill.withdrawalFeeUsd, language)}</span>,
    },
    {
      key: 'finalCost',
      title: t('list.columns.finalCost'),
      align: 'right',
      render: (_value, bill) => <strong className={styles.amount}>{formatUsd(bill.finalCostUsd, language)}</strong>,
    },
    {
      key: 'dueOn',
      title: t('list.columns.dueOn'),
      render: (_value, bill) => <span className={styles.amount}>{formatDate(`${bill.dueOn}T12:00:00Z`, language)}</span>,
    },
    { key: 'state', title: t('list.columns.state'), render: (_value, bill) => <BillStateTag bill={bill} /> },
    {
      key: 'actions',
      title: t('list.columns.actions'),
      fixed: 'right',
      width: 150,
      render: (_value, bill) => (
        <span className={styles.actions}>
          <Link to={pathTo('custodyBillingDetail', { billId: bill.id })}>{t('common.detail')}</Link>
          <Button
            size="small"
            loading={download.running === bill.id}
            disabled={download.running !== null && download.running !== bill.id}
            onClick={() => download.start(bill.id, (onProgress) => downloadCustodyBillPdf(bill.id, bill.period, onProgress))}
            aria-label={`${t('common.downloadPdfLong')} ${bill.period}`}
            data-testid="bill-pdf"
          >
            {t('common.downloadPdf')}
          </Button>
        </span>
      ),
    },
  ];

  const empty = (
    <div data-testid="bills-empty">
      <TableEmpty text={hasFilters ? t('list.emptyFiltered') : t('list.empty')}>
        {hasFilters ? <Button onClick={() => writeParams({})}>{t('list.clearFilters')}</Button> : null}
      </TableEmpty>
    </div>
  );

  return (
    <PageFrame
      title={t('list.title')}
      testId="custody-billing-page"
      actions={
        <>
          <Link className={layout.headerLink} to={pathTo('custodyBillingStats')} data-testid="billing-to-stats">
            {t('common.toStatistics')}
          </Link>
          <Link className={layout.headerLink} to={pathTo('custodyBillingPaymentMethod')} data-testid="billing-to-payment">
            {t('common.toPaymentMethod')}
          </Link>
        </>
      }
    >
      <Card>
        <p className={common.intro}>{t('list.intro')}</p>
        <FilterBar>
          <FilterField id="bills-year" label={t('list.year')}>
            <Select
              id="bills-year"
              className={styles.filter}
              allowClear
              placeholder={t('list.allYears')}
              value={filters.year}
              onChange={(value: string | undefined) => writeParams({ ...filters, year: value })}
              options={yearsUpTo(todayUtc()).map((year) => ({ value: year, label: year }))}
              data-testid="bills-year"
            />
          </FilterField>
          <FilterField id="bills-state" label={t('list.state')}>
            <Select
              id="bills-state"
              className={styles.filter}
              allowClear
              placeholder={t('list.allStates')}
              value={filters.state}
              onChange={(value: CustodyBillState | undefined) => writeParams({ ...filters, state: value })}
              options={custodyBillStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
              data-testid="bills-state"
            />
          </FilterField>
        </FilterBar>
      </Card>
      <Card>
        <DownloadStatus download={download} testId="bill-download" />
        <ConsoleRead
          reads={[bills]}
          errorTestId="bills-load-error"
          loading={
            <div data-testid="bills-loading">
              <TableSkeleton rows={6} columns={8} />
            </div>
          }
        >
          {(page) => (
            <PagedTable<CustodyBill>
              testId="bills-table"
              label={t('list.title')}
              rowKey="id"
              columns={columns}
              totalText={(total) => t('list.total', { count: total })}
              scroll={{ x: 1000 }}
              page={page}
              isLoading={bills.isPlaceholderData && bills.isFetching}
              empty={empty}
              onPageChange={(nextPage, nextSize) => writeParams(filters, nextSize !== pageSize ? 1 : nextPage, nextSize)}
            />
          )}
        </ConsoleRead>
      </Card>
    </PageFrame>
  );
}

export default BillingPage;
