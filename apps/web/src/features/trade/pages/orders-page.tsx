import type { SpotOrderStatus, TradeSide } from '@coffer/contract';
import { spotOrderStatuses, tradeSides } from '@coffer/contract/trade-paths';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { parseDay, rangeInstants } from '../../../shared/format/day-range';
import { pathTo } from '../../../shared/routes';
import { pageFromParams, writePageParams } from '../../../shared/ui/paged-table';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { ordersQuery, type OrderFilters as OrderQueryFilters } from '../api/get-orders';
import { tradePairsQuery } from '../api/get-trade-pairs';
import { OrderFilters, type OrderFilterValues } from '../components/order-filters';
import { OrdersTable } from '../components/orders-table';
import { TradeErrorState } from '../components/trade-error-state';
import { TradePageFrame } from '../components/trade-page-frame';

function oneOf<T extends string>(values: readonly T[], text: string | null): T | undefined {
  return values.find((value) => value === text);
}

/** Filters live in the address, so a filtered list can be reloaded, shared and gone back to. */
function filtersFrom(params: URLSearchParams): OrderFilterValues {
  const startDay = params.get('start');
  const endDay = params.get('end');
  const hasRange = parseDay(startDay) !== null && parseDay(endDay) !== null;
  const pair = params.get('pair')?.toUpperCase();
  return {
    pair: pair && /^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/.test(pair) ? pair : undefined,
    side: oneOf<TradeSide>(tradeSides, params.get('side')),
    status: oneOf<SpotOrderStatus>(spotOrderStatuses, params.get('status')),
    startDay: hasRange ? (startDay ?? undefined) : undefined,
    endDay: hasRange ? (endDay ?? undefined) : undefined,
  };
}

/** My orders (spec §2): filters, paged table, pay or cancel an order pending payment. */
export function OrdersPage() {
  const { t } = useTranslation('trade');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const { pageNo, pageSize } = pageFromParams(params);
  const range = filters.startDay && filters.endDay ? rangeInstants(filters.startDay, filters.endDay) : null;
  const queryFilters: OrderQueryFilters = {
    pair: filters.pair,
    side: filters.side,
    status: filters.status,
    start: range?.start,
    end: range?.end,
  };

  const pairs = useQuery(tradePairsQuery);
  const orders = useQuery(ordersQuery(queryFilters, pageNo, pageSize));
  const hasFilters = Object.values(queryFilters).some((value) => value !== undefined);

  const writeParams = (next: OrderFilterValues, page = 1, size = pageSize) => {
    const search = new URLSearchParams();
    if (next.pair) search.set('pair', next.pair);
    if (next.side) search.set('side', next.side);
    if (next.status) search.set('status', next.status);
    if (next.startDay && next.endDay) {
      search.set('start', next.startDay);
      search.set('end', next.endDay);
    }
    writePageParams(search, page, size);
    setParams(search, { replace: true });
  };

  const cleared: OrderFilterValues = { pair: undefined, side: undefined, status: undefined, startDay: undefined, endDay: undefined };
  const empty = (
    <TableEmpty text={hasFilters ? t('orders.emptyFiltered') : t('orders.empty')}>
      {hasFilters ? (
        <Button onClick={() => writeParams(cleared)} data-testid="orders-clear">
          {t('orders.clearFilters')}
        </Button>
      ) : (
        <Link to={pathTo('tradeSpot')}>{t('orders.startTrading')}</Link>
      )}
    </TableEmpty>
  );

  return (
    <TradePageFrame
      title={t('orders.title')}
      testId="orders-page"
      actions={
        <>
          <Link to={pathTo('tradeSpot')}>{t('nav.spot')}</Link>
          <Link to={pathTo('tradeAutomaticSwapOrders')}>{t('nav.autoSwapRecords')}</Link>
        </>
      }
    >
      <Card>
        <OrderFilters values={filters} pairs={pairs.data?.pairs} onChange={(next) => writeParams(next)} />
      </Card>
      <Card>
        {orders.isError && !orders.data ? (
          <TradeErrorState error={orders.error} onRetry={() => void orders.refetch()} />
        ) : orders.data ? (
          <OrdersTable
            page={orders.data}
            isLoading={orders.isPlaceholderData && orders.isFetching}
            empty={empty}
            onPageChange={(nextPage, nextSize) => writeParams(filters, nextSize !== pageSize ? 1 : nextPage, nextSize)}
          />
        ) : (
          <TableSkeleton rows={8} columns={7} />
        )}
      </Card>
    </TradePageFrame>
  );
}
