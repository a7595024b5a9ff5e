import type { SpotOrder } from '@coffer/contract';
import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useTradeLanguage } from './trade-locale';

type HistoryEntry = { key: string; time: string; text: string; color: string };

const knownReasons = ['customer', 'quoteExpired', 'settlementFailed'] as const;
type KnownReason = (typeof knownReasons)[number];
const isKnownReason = (reason: string | null): reason is KnownReason => knownReasons.some((known) => known === reason);

/**
 * The order's status history, from the moments the order records: placed (pending
 * payment), paid (pending settlement), completed, cancelled; with the reason when known.
 */
export function OrderHistory({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const reason = isKnownReason(order.statusReason) ? t(`detail.reasons.${order.statusReason}`) : null;
  const entries: HistoryEntry[] = [{ key: 'placed', time: order.createdAt, text: t('detail.history.placed'), color: 'gray' }];
  if (order.paidAt) entries.push({ key: 'paid', time: order.paidAt, text: t('detail.history.paid'), color: 'blue' });
  if (order.completedAt) entries.push({ key: 'completed', time: order.completedAt, text: t('detail.history.completed'), color: 'green' });
  if (order.cancelledAt) {
    entries.push({ key: 'cancelled', time: order.cancelledAt, text: reason ? `${t('detail.history.cancelled')} — ${reason}` : t('detail.history.cancelled'), color: 'gray' });
  }
  const isOpenEnded = !order.completedAt && !order.cancelledAt;
  return (
    <div data-testid="order-history">
      <Timeline
        items={[
          ...entries.map((entry) => ({
            key: entry.key,
            color: entry.color,
            content: (
              <>
                <strong>{entry.text}</strong>
                <br />
                <time dateTime={entry.time}>{formatDateTime(entry.time, language)}</time>
              </>
            ),
          })),
          ...(isOpenEnded
            ? [
                {
                  key: 'now',
                  color: order.status === 'abnormal' ? 'red' : 'orange',
                  content: (
                    <strong>
                      {t('detail.history.now', { status: t(`orderStatus.${order.status}`) })}
                      {reason ? ` — ${reason}` : ''}
                    </strong>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
