import type { Currency, SpotOrder } from '@coffer/contract';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-table';
import { formatExactAmount } from './trade-format';
import { useTradeLanguage } from './trade-locale';
import styles from './trade-result.module.css';

/** A paid order: what left and what arrived, the way to its receipt, and another trade. */
export function TradeResult({ order, currencies, onAgain }: { order: SpotOrder; currencies: Currency[] | undefined; onAgain: () => void }) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const isCompleted = order.status === 'completed';
  return (
    <Result
      status={isCompleted ? 'success' : 'info'}
      data-testid="trade-result"
      title={isCompleted ? t('result.completed') : t(`orderStatus.${order.status}`)}
      subTitle={t('result.summary', {
        pay: formatExactAmount(order.payAmount, order.payCoin, currencies, language),
        receive: formatExactAmount(order.receiveAmount, order.receiveCoin, currencies, language),
        orderNo: order.orderNo,
      })}
      extra={[
        <Link key="detail" className={styles.link} to={pathTo('tradeOrderDetail', { orderId: order.orderNo })} data-testid="trade-result-detail">
          {t('result.viewOrder')}
        </Link>,
        <Button key="again" type="primary" onClick={onAgain} data-testid="trade-again">
          {t('result.again')}
        </Button>,
      ]}
    />
  );
}
