import type { OrderDetail } from '@coffer/contract';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { OrderStatusTag, SideLabel } from './status-tags';
import { feeRatePercent, formatCoinAmount, formatPairPrice } from './trade-format';
import { useTradeLanguage } from './trade-locale';

/**
 * Spec §3 spot order: pair, direction, unit price, number, amount, status, order time, and what
 * was paid, received and charged; and whether it settles at once or through the liquidity channel.
 */
export function OrderFields({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const amount = (value: string, coin: string) => formatCoinAmount(value, coin, language);
  return (
    <Descriptions
      bordered
      size="small"
      column={2}
      data-testid="order-fields"
      items={[
        { key: 'orderNo', label: t('detail.orderNo'), children: <span className="tabular-numbers">{order.orderNo}</span> },
        { key: 'status', label: t('orders.columns.status'), children: <OrderStatusTag status={order.status} /> },
        {
          key: 'settlement',
          label: t('detail.settlement'),
          children: <span data-testid="order-settlement">{t(`settlement.${order.settlement}`)}</span>,
        },
        { key: 'pair', label: t('orders.columns.pair'), children: order.pair },
        { key: 'side', label: t('orders.columns.side'), children: <SideLabel side={order.side} /> },
        { key: 'price', label: t('orders.columns.price'), children: formatPairPrice(order.price, order.pair, language) },
        { key: 'number', label: t('orders.columns.number'), children: amount(order.baseAmount, order.baseCoin) },
        { key: 'amount', label: t('orders.columns.amount'), children: amount(order.quoteAmount, order.quoteCoin) },
        { key: 'pay', label: t('quote.pay'), children: amount(order.payAmount, order.payCoin) },
        { key: 'receive', label: t('quote.receive'), children: <strong>{amount(order.receiveAmount, order.receiveCoin)}</strong> },
        {
          key: 'fee',
          label: t('quote.fee', { rate: feeRatePercent(order.feeRate, language) }),
          children: amount(order.fee, order.feeCoin),
        },
        { key: 'time', label: t('orders.columns.time'), children: formatDateTime(order.createdAt, language) },
        { key: 'expires', label: t('detail.expiresAt'), children: formatDateTime(order.expiresAt, language) },
      ]}
    />
  );
}
