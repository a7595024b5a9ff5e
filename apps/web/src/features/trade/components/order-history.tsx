import type { SpotOrder } from '@coffer/contract';
import { Timeline } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useTradeLanguage } from './trade-locale';

type HistoryEntry = { key: string; time: string; text: string; color: string };

const knownReasons = ['customer', 'quoteExpired', 'settlementFailed', 'channelRejected', 'channelUnavailable'] as const;
type KnownReason = (typeof knownReasons)[number];
const isKnownReason = (reason: string | null): reason is KnownReason => knownReasons.some((known) => known === reason);

/**
 * The order's status history, from the moments the order records: placed (pending
 * payment), paid (pending settlement; held, for a channel order), completed, cancelled,
 * refunded; with the reason when known.
 */
export function OrderHistory({ order }: { order: SpotOrder }) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const reason = isKnownReason(order.statusReason) ? t(`detail.reasons.${order.statusReason}`) : null;
  const withReason = (text: string) => (reason ? `${text} — ${reason}` : text);
  const paidText = order.settlement === 'channel' ? t('detail.history.paidHeld') : t('detail.history.paid');

  const entries: HistoryEntry[] = [{ key: 'placed', time: order.createdAt, text: t('detail.history.placed'), color: 'gray' }];
  if (order.paidAt) entries.push({ key: 'paid', time: order.paidAt, text: paidText, color: 'blue' });
  if (order.completedAt) entries.push({ key: 'completed', time: order.completedAt, text: t('detail.history.completed'), color: 'green' });
  if (order.cancelledAt)
    entries.push({ key: 'cancelled', time: order.cancelledAt, text: withReason(t('detail.history.cancelled')), color: 'gray' });
  if (order.refundedAt)
    entries.push({ key: 'refunded', time: order.refundedAt, text: withReason(t('detail.history.refunded')), color: 'gray' });
  const isOpenEnded = !order.completedAt && !order.cancelledAt && !order.refundedAt;
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
                  content: <strong>{withReason(t('detail.history.now', { status: t(`orderStatus.${order.status}`) }))}</strong>,
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
