import { custodyOrderStates, type CustodyOrder, type CustodyOrderState } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Select, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { formatExactAmount } from '../../../shared/format/figures';
import { parseDay, rangeInstants } from '../../../shared/format/day-range';
import { formatDateTime } from '../../../shared/format/format-date';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { DayRangeFilter, FilterBar, FilterField, type DayRangePreset } from '../../../shared/ui/filter-bar';
import { PageFrame } from '../../../shared/ui/page-frame';
import { PagedTable, pageFromParams, writePageParams } from '../../../shared/ui/paged-table';
import { ShortValue } from '../../../shared/ui/short-value';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { custodyMeQuery } from '../api/custody-me';
import { custodyMembersQuery } from '../api/custody-members';
import { custodyOrdersQuery } from '../api/custody-orders';
import { custodyOverviewQuery } from '../api/custody-overview';
import { ConsoleRead } from '../components/custody-load-error';
import { OrderStateTag } from '../components/order-parts';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from '../components/custody-orders.module.css';

interface OrderFilterValues {
  state?: CustodyOrderState;
  lineId?: string;
  coin?: string;
  submitterId?: string;
  batchId?: string;
  /** Days of the user's calendar, "YYYY-MM-DD", both included. */
  startDay?: string;
  endDay?: string;
}

const isState = (value: string | null): value is CustodyOrderState =>
  value !== null && (custodyOrderStates as readonly string[]).includes(value);

function filtersFrom(params: URLSearchParams): OrderFilterValues {
  const state = params.get('state');
  const startDay = params.get('start');
  const endDay = params.get('end');
  const hasRange = parseDay(startDay) !== null && parseDay(endDay) !== null;
  return {
    state: isState(state) ? state : undefined,
    lineId: params.get('line') || undefined,
    coin: params.get('coin') || undefined,
    submitterId: params.get('submitter') || undefined,
    batchId: params.get('batch') || undefined,
    startDay: hasRange ? (startDay ?? undefined) : undefined,
    endDay: hasRange ? (endDay ?? undefined) : undefined,
  };
}

/** What the server filters by: the days as the instants [start of the first, start of the day after the last). */
function queryOf(filters: OrderFilterValues) {
  const { startDay, endDay, ...rest } = filters;
  const range = startDay && endDay ? rangeInstants(startDay, endDay) : null;
  return { ...rest, start: range?.start, end: range?.end };
}

/**
 * Withdrawal order list (spec §2 "withdrawal order list and review", issue 18 item 8): filters by
 * state, business line, coin, submitter, submission days and batch (a submitted batch lands here
 * filtered by it); the orders paged by the server, newest first; each opens its detail and
 * review. Filters and page live in the address.
 */
export function WithdrawOrdersPage() {
  const { t, ready } = useTranslation('custodyOrders');
  const language = useLanguage();
  const chainName = useChainName();
  const [params, setParams] = useSearchParams();
  const me = useQuery(custodyMeQuery);
  const overview = useQuery(custodyOverviewQuery);
  const currencies = useQuery(currenciesQuery);
  const filters = filtersFrom(params);
  const { pageNo, pageSize } = pageFromParams(params);
  const orders = useQuery(custodyOrdersQuery(queryOf(filters), pageNo, pageSize));
  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  const mayOrder = me.data?.permissions.includes('orders') === true;
  // The members list needs `members`; without it the caller can still pick their own orders.
  const members = useQuery({ ...custodyMembersQuery, enabled: me.data?.permissions.includes('members') === true });
  const submitters = new Map<string, string>();
  if (me.data) submitters.set(me.data.member.id, t('orders.me', { name: me.data.member.name }));
  for (const member of members.data ?? []) if (!submitters.has(member.id)) submitters.set(member.id, member.name);
  const presets: DayRangePreset[] = [
    { label: t('orders.presets.today'), days: 1 },
    { label: t('orders.presets.last7'), days: 7 },
    { label: t('orders.presets.last30'), days: 30 },
  ];

  const writeParams = (next: OrderFilterValues, page = 1, size = pageSize) => {
    const search = new URLSearchParams();
    if (next.state) search.set('state', next.state);
    if (next.lineId) search.set('line', next.lineId);
    if (next.coin) search.set('coin', next.coin);
    if (next.submitterId) search.set('submitter', next.submitterId);
    if (next.batchId) search.set('batch', next.batchId);
    if (next.startDay && next.endDay) {
      search.set('start', next.startDay);
      search.set('end', next.endDay);
    }
    writePageParams(search, page, size);
    setParams(search, { replace: true });
  };
  const change = (patch: OrderFilterValues) => writeParams({ ...filters, ...patch });

  if (!ready) return <TableSkeleton rows={8} columns={7} />;

  const columns: TableColumnsType<CustodyOrder> = [
    {
      key: 'submittedAt',
      title: t('orders.columns.submittedAt'),
      fixed: 'left',
      width: 130,
      render: (_value, order) => formatDateTime(order.submittedAt, language),
    },
    {
      key: 'serialNo',
      title: t('orders.columns.serialNo'),
      render: (_value, order) => (
        <span>
          <Link to={pathTo('custodyWithdrawReview', { orderId: order.id })} className={styles.code} data-testid="order-link">
            {order.serialNo}
          </Link>
          {order.batchId ? (
            <Link className={styles.sub} to={`${pathTo('custodyWithdrawOrders')}?batch=${encodeURIComponent(order.batchId)}`}>
              {t('orders.batchId', { id: order.batchId })}
            </Link>
          ) : null}
        </span>
      ),
    },
    {
      key: 'line',
      title: t('orders.columns.line'),
      render: (_value, order) => (
        <span>
          {order.lineName}
          <span className={styles.sub}>{order.accountName}</span>
        </span>
      ),
    },
    {
      key: 'coin',
      title: t('orders.columns.coin'),
      render: (_value, order) => (
        <span>
          <strong>{order.coin}</strong>
          <span className={styles.sub}>{chainName(order.chain)}</span>
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('orders.columns.amount'),
      align: 'right',
      render: (_value, order) => (
        <span className={styles.amount}>
          {formatExactAmount(order.coin, order.amount, language)}
          <span className={styles.sub}>{t('orders.fee', { fee: formatExactAmount(order.coin, order.fee, language) })}</span>
        </span>
      ),
    },
    {
      key: 'address',
      title: t('orders.columns.address'),
      // A shortened address and its copy button side by side, clear of the submitter.
      width: 230,
      render: (_value, order) => <ShortValue value={order.address} keep={6} />,
    },
    { key: 'submitter', title: t('orders.columns.submitter'), width: 160, render: (_value, order) => order.submitter.name },
    {
      key: 'state',
      title: t('orders.columns.state'),
      fixed: 'right',
      width: 200,
      render: (_value, order) => <OrderStateTag state={order.state} />,
    },
  ];

  const empty = (
    <div data-testid="orders-empty">
      <TableEmpty text={hasFilters ? t('orders.emptyFiltered') : t('orders.empty')}>
        {hasFilters ? (
          <Button onClick={() => writeParams({})}>{t('orders.clearFilters')}</Button>
        ) : mayOrder ? (
          <Link to={pathTo('custodyWithdraw')}>{t('orders.toWithdraw')}</Link>
        ) : null}
      </TableEmpty>
    </div>
  );

  const loading = (
    <div data-testid="orders-loading">
      <TableSkeleton rows={8} columns={7} />
    </div>
  );
  const body = (
    <ConsoleRead reads={[orders]} loading={loading} errorTestId="orders-load-error">
      {(page) => (
        <PagedTable<CustodyOrder>
          testId="orders-table"
          label={t('orders.title')}
          rowKey="id"
          columns={columns}
          totalText={(total) => t('orders.total', { count: total })}
          scroll={{ x: 1000 }}
          page={page}
          isLoading={orders.isPlaceholderData && orders.isFetching}
          empty={empty}
          onPageChange={(nextPage, nextSize) => writeParams(filters, nextSize !== pageSize ? 1 : nextPage, nextSize)}
        />
      )}
    </ConsoleRead>
  );

  return (
    <PageFrame
      title={t('orders.title')}
      testId="custody-withdraw-orders-page"
      actions={
        mayOrder ? (
          <>
            <Link className={layout.headerLink} to={pathTo('custodyWithdraw')} data-testid="orders-new">
              {t('orders.newOrder')}
            </Link>
            <Link className={layout.headerLink} to={pathTo('custodyBatchWithdraw')} data-testid="orders-new-batch">
              {t('orders.newBatch')}
            </Link>
          </>
        ) : undefined
      }
    >
      <Card>
        <FilterBar>
          <FilterField id="orders-state" label={t('orders.state')}>
            <Select
              id="orders-state"
              className={styles.filterWide}
              allowClear
              placeholder={t('orders.allStates')}
              value={filters.state}
              onChange={(value: CustodyOrderState | undefined) => change({ state: value })}
              options={custodyOrderStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
              data-testid="orders-state"
            />
          </FilterField>
          <FilterField id="orders-line" label={t('orders.line')}>
            <Select
              id="orders-line"
              className={styles.filterWide}
              allowClear
              loading={overview.isLoading}
              placeholder={t('orders.allLines')}
              value={filters.lineId}
              onChange={(value: string | undefined) => change({ lineId: value })}
              options={(overview.data?.lines ?? []).map((line) => ({ value: line.id, label: line.name }))}
              data-testid="orders-line"
            />
          </FilterField>
          <FilterField id="orders-coin" label={t('orders.coin')}>
            <Select
              id="orders-coin"
              className={styles.filterNarrow}
              allowClear
              showSearch
              placeholder={t('orders.allCoins')}
              value={filters.coin}
              onChange={(value: string | undefined) => change({ coin: value })}
              options={(currencies.data ?? []).map((currency) => ({ value: currency.coin, label: currency.coin }))}
              data-testid="orders-coin"
            />
          </FilterField>
          <FilterField id="orders-submitter" label={t('orders.submitter')}>
            <Select
              id="orders-submitter"
              className={styles.filterWide}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={t('orders.allSubmitters')}
              value={filters.submitterId}
              onChange={(value: string | undefined) => change({ submitterId: value })}
              options={[...submitters].map(([value, label]) => ({ value, label }))}
              data-testid="orders-submitter"
            />
          </FilterField>
          <FilterField id="orders-range" label={t('orders.range')}>
            <DayRangeFilter
              id="orders-range"
              testId="orders-range"
              startDay={filters.startDay}
              endDay={filters.endDay}
              presets={presets}
              onChange={(startDay, endDay) => change({ startDay, endDay })}
            />
          </FilterField>
          {filters.batchId ? (
            <FilterField id="orders-batch" label={t('orders.batch')}>
              <Tag closable onClose={() => change({ batchId: undefined })} data-testid="orders-batch">
                {t('orders.batchId', { id: filters.batchId })}
              </Tag>
            </FilterField>
          ) : null}
        </FilterBar>
      </Card>
      <Card>{body}</Card>
    </PageFrame>
  );
}

export default WithdrawOrdersPage;
