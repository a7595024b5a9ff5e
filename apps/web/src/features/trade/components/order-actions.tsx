import type { SpotOrder } from '@coffer/contract';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/toast-store';
import { useCancelOrder } from '../api/cancel-order';
import { usePayOrder } from '../api/pay-order';

/**
 * Pay and cancel for an order pending payment, each behind a confirmation. The server
 * decides: a lapsed quote, a short balance or an illegal move comes back as its §8 toast.
 */
export function OrderActions({ order, onChanged }: { order: SpotOrder; onChanged?: (order: SpotOrder) => void }) {
  const { t } = useTranslation('trade');
  const pay = usePayOrder();
  const cancel = useCancelOrder();
  if (order.status !== 'pendingPayment') return null;

  const handlePay = async () => {
    try {
      const paid = await pay.mutateAsync(order.orderNo);
      showToast('success', t('orders.paid', { orderNo: order.orderNo }));
      onChanged?.(paid);
    } catch {
      // The HTTP client has shown the server's reason.
    }
  };
  const handleCancel = async () => {
    try {
      const cancelled = await cancel.mutateAsync(order.orderNo);
      showToast('success', t('orders.cancelled', { orderNo: order.orderNo }));
      onChanged?.(cancelled);
    } catch {
      // The HTTP client has shown the server's reason.
    }
  };

  return (
    <span className="trade-order-actions">
      {order.isPayable ? (
        <Popconfirm
          title={t('orders.payConfirmTitle')}
          description={t('orders.payConfirmText', { orderNo: order.orderNo })}
          okText={t('orders.pay')}
          cancelText={t('orders.keep')}
          onConfirm={() => handlePay()}
        >
          <Button type="link" size="small" loading={pay.isPending} data-testid={`order-pay-${order.orderNo}`}>
            {t('orders.pay')}
          </Button>
        </Popconfirm>
      ) : null}
      <Popconfirm
        title={t('orders.cancelConfirmTitle')}
        description={t('orders.cancelConfirmText', { orderNo: order.orderNo })}
        okText={t('orders.cancel')}
        okButtonProps={{ danger: true }}
        cancelText={t('orders.keep')}
        onConfirm={() => handleCancel()}
      >
        <Button type="link" size="small" danger loading={cancel.isPending} data-testid={`order-cancel-${order.orderNo}`}>
          {t('orders.cancel')}
        </Button>
      </Popconfirm>
    </span>
  );
}
