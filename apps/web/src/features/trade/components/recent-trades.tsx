import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { pathTo } from '../../../shared/routes';
import { ordersQuery } from '../api/get-orders';
import { OrderStatusTag, SideLabel } from './status-tags';
import { TradeErrorState } from './trade-error-state';
import { formatCoinAmount } from './trade-format';
import { useTradeLanguage } from './trade-locale';
import styles from './recent-trades.module.css';

const recentCount = 5;

/** The customer's latest orders, newest first, each leading to its detail. */
export function RecentTrades() {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const orders = useQuery(ordersQuery({}, 1, recentCount));

  if (orders.isError && !orders.data) return <TradeErrorState compact error={orders.error} onRetry={() => void orders.refetch()} />;
  if (!orders.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (orders.data.records.length === 0) return <p className={styles.empty}>{t('recent.empty')}</p>;

  return (
    <ol className={styles.list} data-testid="recent-trades">
      {orders.data.records.map((order) => (
        <li key={order.orderNo} className={styles.item}>
          <Link
            to={pathTo('tradeOrderDetail', { orderId: order.orderNo })}
            className={styles.link}
            aria-label={t('recent.openOrder', { orderNo: order.orderNo })}
          >
            <span className={styles.top}>
              <span>
                <SideLabel side={order.side} /> {order.pair}
              </span>
              <OrderStatusTag status={order.status} />
            </span>
            <span className={styles.bottom}>
              <span className={styles.amount}>{formatCoinAmount(order.receiveAmount, order.receiveCoin, language)}</span>
              <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, language)}</time>
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
