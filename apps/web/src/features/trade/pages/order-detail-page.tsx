import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { orderQuery } from '../api/get-order';
import { quoteKeysQuery } from '../api/get-quote-keys';
import { OrderActions } from '../components/order-actions';
import { OrderFields } from '../components/order-fields';
import { OrderHistory } from '../components/order-history';
import { ReceiptPanel } from '../components/receipt-panel';
import { TradeErrorState } from '../components/trade-error-state';
import { TradePageFrame } from '../components/trade-page-frame';
import styles from './order-detail-page.module.css';

/** One order (spec §2 order detail): its §3 fields, status history and signed receipt. */
export function OrderDetailPage() {
  const { t } = useTranslation('trade');
  const { orderId = '' } = useParams();
  const isOrderNo = /^\d{1,19}$/.test(orderId);
  const order = useQuery({ ...orderQuery(orderId), enabled: isOrderNo });
  const keys = useQuery(quoteKeysQuery);

  let body;
  if (!isOrderNo) {
    body = (
      <Card>
        <p className={styles.muted}>{t('detail.notFound')}</p>
      </Card>
    );
  } else if (order.isError && !order.data) {
    body = (
      <Card>
        <TradeErrorState error={order.error} onRetry={() => void order.refetch()} />
      </Card>
    );
  } else if (!order.data) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  } else {
    body = (
      <>
        <Card title={<h2 className={styles.cardTitle}>{t('detail.fieldsTitle')}</h2>} extra={<OrderActions order={order.data} />}>
          <OrderFields order={order.data} />
        </Card>
        <div className={styles.layout}>
          <Card title={<h2 className={styles.cardTitle}>{t('detail.historyTitle')}</h2>} className={styles.history}>
            <OrderHistory order={order.data} />
          </Card>
          <Card title={<h2 className={styles.cardTitle}>{t('receipt.title')}</h2>} className={styles.receipt}>
            <ReceiptPanel order={order.data} publishedKeys={keys.data} />
          </Card>
        </div>
      </>
    );
  }

  return (
    <TradePageFrame
      title={t('detail.title', { orderNo: orderId })}
      testId="order-detail-page"
      actions={<Link to={pathTo('tradeOrders')}>{t('detail.back')}</Link>}
    >
      {body}
    </TradePageFrame>
  );
}
