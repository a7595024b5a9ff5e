import type { SpotOrder } from '@coffer/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { pathTo } from '../../../shared/routes';
import { PagedTable, type PagedTableList } from '../../../shared/ui/paged-table';
import { OrderActions } from './order-actions';
import { OrderStatusTag, SideLabel } from './status-tags';
import { formatCoinAmount, formatPairPrice } from './trade-format';
import { useTradeLanguage } from './trade-locale';
import styles from './orders-table.module.css';

/**
 * Spec §3 spot order per row: pair, direction, unit price, number (base coin), amount
 * (quote coin), status (marked when settled through the liquidity channel) and order time;
 * pay / cancel where the state allows it.
 */
export function OrdersTable(list: PagedTableList<SpotOrder>) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();

  const columns: TableColumnsType<SpotOrder> = [
    {
      key: 'time',
      title: t('orders.columns.time'),
      className: styles.time,
      render: (_value, order) => formatDateTime(order.createdAt, language),
    },
    { key: 'pair', title: t('orders.columns.pair'), className: styles.nowrap, render: (_value, order) => order.pair },
    { key: 'side', title: t('orders.columns.side'), render: (_value, order) => <SideLabel side={order.side} /> },
    {
      key: 'price',
      title: t('orders.columns.price'),
      align: 'right',
      className: styles.number,
      render: (_value, order) => (
        <span title={`${order.price} ${order.quoteCoin}`}>{formatPairPrice(order.price, order.pair, language)}</span>
      ),
    },
    {
      key: 'number',
      title: t('orders.columns.number'),
      align: 'right',
      className: styles.number,
      render: (_value, order) => formatCoinAmount(order.baseAmount, order.baseCoin, language),
    },
    {
      key: 'amount',
      title: t('orders.columns.amount'),
      align: 'right',
      className: styles.number,
      render: (_value, order) => formatCoinAmount(order.quoteAmount, order.quoteCoin, language),
    },
    {
      key: 'status',
      title: t('orders.columns.status'),
      render: (_value, order) => (
        <span className={styles.status}>
          <OrderStatusTag status={order.status} />
          {order.settlement === 'channel' ? (
            <span className={styles.channel} data-testid={`order-channel-${order.orderNo}`}>
              {t('settlement.channel')}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      title: t('orders.columns.actions'),
      align: 'right',
      render: (_value, order) => (
        <span className={styles.actions}>
          <OrderActions order={order} />
          <Link
            to={pathTo('tradeOrderDetail', { orderId: order.orderNo })}
            aria-label={t('orders.openDetailOf', { orderNo: order.orderNo })}
            data-testid={`order-detail-${order.orderNo}`}
          >
            {t('orders.detail')}
          </Link>
        </span>
      ),
    },
  ];

  return (
    <PagedTable<SpotOrder>
      testId="orders-table"
      label={t('orders.tableLabel')}
      rowKey="orderNo"
      columns={columns}
      totalText={(total) => t('orders.total', { total })}
      scroll={{ x: true }}
      {...list}
    />
  );
}
