import type { AutoSwapStatus } from '@coffer/contract';
import { autoSwapStatuses } from '@coffer/contract/trade-paths';
import { useQuery } from '@tanstack/react-query';
import { Card, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { pathTo } from '../../../shared/routes';
import { FilterBar, FilterField } from '../../../shared/ui/filter-bar';
import { pageFromParams, writePageParams } from '../../../shared/ui/paged-table';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { autoSwapRecordsQuery, type AutoSwapRecordFilters } from '../api/get-auto-swap-records';
import { AutoSwapRecordsTable } from '../components/auto-swap-records-table';
import { TradeErrorState } from '../components/trade-error-state';
import { TradePageFrame } from '../components/trade-page-frame';
import styles from './auto-swap-records-page.module.css';

/** Automatic swap records (spec §2): source coin, target coin, time, price, status of §4; paged. */
export function AutoSwapRecordsPage() {
  const { t } = useTranslation('trade');
  const [params, setParams] = useSearchParams();
  const sourceParam = params.get('source')?.toUpperCase();
  const filters: AutoSwapRecordFilters = {
    sourceCoin: sourceParam && /^[A-Z0-9]{2,10}$/.test(sourceParam) ? sourceParam : undefined,
    status: autoSwapStatuses.find((status) => status === params.get('status')),
  };
  const { pageNo, pageSize } = pageFromParams(params);
  const currencies = useQuery(currenciesQuery);
  const records = useQuery(autoSwapRecordsQuery(filters, pageNo, pageSize));
  const hasFilters = filters.sourceCoin !== undefined || filters.status !== undefined;

  const writeParams = (next: AutoSwapRecordFilters, page = 1, size = pageSize) => {
    const search = new URLSearchParams();
    if (next.sourceCoin) search.set('source', next.sourceCoin);
    if (next.status) search.set('status', next.status);
    writePageParams(search, page, size);
    setParams(search, { replace: true });
  };

  return (
    <TradePageFrame
      title={t('records.title')}
      testId="auto-swap-records-page"
      actions={
        <>
          <Link to={pathTo('tradeAutomaticSwap')}>{t('nav.autoSwap')}</Link>
          <Link to={pathTo('tradeOrders')}>{t('nav.orders')}</Link>
        </>
      }
    >
      <Card>
        <FilterBar>
          <FilterField id="records-source" label={t('records.columns.source')}>
            <Select
              id="records-source"
              allowClear
              showSearch
              value={filters.sourceCoin}
              placeholder={t('records.allCoins')}
              onChange={(sourceCoin: string | undefined) => writeParams({ ...filters, sourceCoin })}
              options={(currencies.data ?? []).map((currency) => ({ value: currency.coin, label: currency.coin }))}
              className={styles.select}
            />
          </FilterField>
          <FilterField id="records-status" label={t('records.columns.status')}>
            <Select
              id="records-status"
              allowClear
              value={filters.status}
              placeholder={t('records.allStatuses')}
              onChange={(status: AutoSwapStatus | undefined) => writeParams({ ...filters, status })}
              options={autoSwapStatuses.map((status) => ({ value: status, label: t(`autoSwapStatus.${status}`) }))}
              className={styles.select}
            />
          </FilterField>
        </FilterBar>
      </Card>
      <Card>
        {records.isError && !records.data ? (
          <TradeErrorState error={records.error} onRetry={() => void records.refetch()} />
        ) : records.data ? (
          <AutoSwapRecordsTable
            page={records.data}
            isLoading={records.isPlaceholderData && records.isFetching}
            empty={
              <div className={styles.empty}>
                <p>{hasFilters ? t('records.emptyFiltered') : t('records.empty')}</p>
                {hasFilters ? null : <Link to={pathTo('tradeAutomaticSwap')}>{t('records.setUp')}</Link>}
              </div>
            }
            onPageChange={(nextPage, nextSize) => writeParams(filters, nextSize !== pageSize ? 1 : nextPage, nextSize)}
          />
        ) : (
          <TableSkeleton rows={6} columns={7} />
        )}
      </Card>
    </TradePageFrame>
  );
}
