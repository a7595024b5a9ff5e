import type { SpotOrder } from '@coffer/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { formatCoinAmount } from './trade-format';
import { useTradeLanguage } from './trade-locale';
import styles from './trade-result.module.css';

/** A paid channel order that the liquidity channel has not filled or rejected yet: its payment is held. */
const isAwaitingChannel = (order: SpotOrder) =>
  order.settlement === 'channel' && (order.status === 'pendingSettlement' || order.status === 'inProgress');

/**
 * A paid order: what left and what arrived (or, for a channel order still settling, what is
 * held), the way to its receipt, and another trade.
 */
export function TradeResult({ order, onAgain }: { order: SpotOrder; onAgain: () => void }) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const isCompleted = order.status === 'completed';
  const amounts = {
    pay: formatCoinAmount(order.payAmount, order.payCoin, language),
    receive: formatCoinAmount(order.receiveAmount, order.receiveCoin, language),
    orderNo: order.orderNo,
  };
  const isSettlingThroughChannel = isAwaitingChannel(order);
  const title = isCompleted
    ? t('result.completed')
    : isSettlingThroughChannel
      ? t('result.channelTitle')
      : t(`orderStatus.${order.status}`);
  return (
    <Result
      status={isCompleted ? 'success' : 'info'}
      data-testid="trade-result"
      title={title}
      subTitle={isSettlingThroughChannel ? t('result.channelSummary', amounts) : t('result.summary', amounts)}
      extra={[
        <Link
          key="detail"
          className={styles.link}
          to={pathTo('tradeOrderDetail', { orderId: order.orderNo })}
          data-testid="trade-result-detail"
        >
          {t('result.viewOrder')}
        </Link>,
        <Button key="again" type="primary" onClick={onAgain} data-testid="trade-again">
          {t('result.again')}
        </Button>,
      ]}
    />
  );
}
