import type { Bill } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { parseDay, rangeInstants } from '../../../shared/format/day-range';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { pageFromParams, writePageParams } from '../../../shared/ui/paged-table';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { billsExportUrl, browserTimeZone } from '../api/export-bills';
import { billsQuery, type BillFilters as BillQueryFilters } from '../api/get-bills';
import { BillDetailDrawer } from '../components/bill-detail-drawer';
import { BillFilters, type BillFilterValues } from '../components/bill-filters';
import { isWithinDownloadLimit } from '../components/bill-range';
import { BillsTable } from '../components/bills-table';
import styles from './bills-page.module.css';

/** Filters live in the address, so a filtered list can be reloaded, shared and gone back to. */
function filtersFrom(params: URLSearchParams): BillFilterValues {
  const type = params.get('type');
  const startDay = params.get('start');
  const endDay = params.get('end');
  const hasRange = parseDay(startDay) !== null && parseDay(endDay) !== null;
  return {
    coin: params.get('coin') || undefined,
    type: type && /^\d{4}$/.test(type) ? Number(type) : undefined,
    startDay: hasRange ? (startDay ?? undefined) : undefined,
    endDay: hasRange ? (endDay ?? undefined) : undefined,
  };
}

type DownloadNotice = { kind: 'error' | 'info'; text: string } | null;

/** Asset bills (spec §1–§3, §5): filters, paged table, detail drawer, CSV of up to 3 months. */
export function BillsPage() {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const [openBill, setOpenBill] = useState<Bill | null>(null);
  const [notice, setNotice] = useState<DownloadNotice>(null);

  const filters = filtersFrom(params);
  const { pageNo, pageSize } = pageFromParams(params);
  const range = filters.startDay && filters.endDay ? rangeInstants(filters.startDay, filters.endDay) : null;
  const queryFilters: BillQueryFilters = { coin: filters.coin, type: filters.type, start: range?.start, end: range?.end };

  const currencies = useQuery(currenciesQuery);
  const bills = useQuery(billsQuery(queryFilters, pageNo, pageSize));
  const hasFilters = filters.coin !== undefined || filters.type !== undefined || range !== null;

  const writeParams = (next: BillFilterValues, page = 1, size = pageSize) => {
    const search = new URLSearchParams();
    if (next.coin) search.set('coin', next.coin);
    if (next.type !== undefined) search.set('type', String(next.type));
    if (next.startDay && next.endDay) {
      search.set('start', next.startDay);
      search.set('end', next.endDay);
    }
    writePageParams(search, page, size);
    setParams(search, { replace: true });
  };

  const handleFiltersChange = (next: BillFilterValues) => {
    setNotice(null);
    writeParams(next);
  };

  /** Spec §5: checked here before the browser is sent to the file, so no request leaves for a refused range. */
  const handleDownload = () => {
    if (!range) {
      setNotice({ kind: 'error', text: t('bills.download.chooseRange') });
      return;
    }
    if (!isWithinDownloadLimit(range)) {
      setNotice({ kind: 'error', text: errorMessage('billRangeTooLong', language) });
      return;
    }
    const link = document.createElement('a');
    link.href = billsExportUrl(
      { coin: filters.coin, type: filters.type, start: range.start, end: range.end },
      { language, timeZone: browserTimeZone() },
    );
    link.download = '';
    document.body.append(link);
    link.click();
    link.remove();
    setNotice({ kind: 'info', text: t('bills.download.started') });
  };

  const empty = (
    <TableEmpty text={hasFilters ? t('bills.emptyFiltered') : t('bills.empty')}>
      {hasFilters ? (
        <Button onClick={() => handleFiltersChange({ coin: undefined, type: undefined, startDay: undefined, endDay: undefined })}>
          {t('bills.clearFilters')}
        </Button>
      ) : (
        <Link to={pathTo('propertyCenterRecharge')}>{t('actions.deposit')}</Link>
      )}
    </TableEmpty>
  );

  return (
    <PageFrame title={t('bills.title')}>
      <Card>
        <div className={styles.toolbar}>
          <BillFilters values={filters} currencies={currencies.data} onChange={handleFiltersChange} />
          <div className={styles.download}>
            <Button type="primary" onClick={handleDownload} data-testid="bills-download">
              {t('bills.download.button')}
            </Button>
            <span className={styles.hint}>{t('bills.download.hint')}</span>
          </div>
        </div>
        {notice ? (
          <Alert
            className={styles.notice}
            type={notice.kind}
            showIcon
            title={notice.text}
            role={notice.kind === 'error' ? 'alert' : 'status'}
            closable={{ 'aria-label': t('states.close') }}
            onClose={() => setNotice(null)}
            data-testid="bills-download-notice"
          />
        ) : null}
      </Card>

      <Card>
        {bills.isError && !bills.data ? (
          <QueryErrorState namespace="wallet" error={bills.error} onRetry={() => void bills.refetch()} />
        ) : bills.data ? (
          <BillsTable
            page={bills.data}
            isLoading={bills.isPlaceholderData && bills.isFetching}
            empty={empty}
            onOpen={setOpenBill}
            onPageChange={(nextPage, nextSize) => writeParams(filters, nextSize !== pageSize ? 1 : nextPage, nextSize)}
          />
        ) : (
          <TableSkeleton rows={8} columns={5} />
        )}
      </Card>

      <BillDetailDrawer bill={openBill} onClose={() => setOpenBill(null)} />
    </PageFrame>
  );
}
