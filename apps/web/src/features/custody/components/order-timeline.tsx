import type { CustodyOrderDetail } from '@coffer/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import styles from './custody-orders.module.css';

/** One event of a timeline: when (null when not known), what, and its particulars. */
export interface TimelineEvent {
  key: string;
  at: string | null;
  title: string;
  detail?: ReactNode;
}

/** A timeline: one row per event, in the order given, its time beside it. */
export function OrderTimeline({ events, testId }: { events: readonly TimelineEvent[]; testId: string }) {
  const language = useLanguage();
  return (
    <ol className={styles.timeline} data-testid={testId}>
      {events.map((event) => (
        <li key={event.key} data-testid={`${testId}-${event.key}`}>
          <span className={styles.sub}>{event.at ? formatDateTime(event.at, language) : '—'}</span>
          <span>
            {event.title}
            {event.detail ? <span className={styles.timelineDetail}>{event.detail}</span> : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

const endStates = new Set(['approved', 'partial_approved', 'rejected', 'transfer_failed']);

/**
 * An order's events (issue 18 item 8): submitted; each review with its opinion and the digest the
 * reviewer signed; handed to the withdrawal signer; the paying transaction; its confirmations;
 * the final state. Only what has happened is listed.
 */
export function orderTimelineEvents(detail: CustodyOrderDetail, t: TFunction<'custodyOrders'>): TimelineEvent[] {
  const { order, approvals, payout } = detail;
  const events: TimelineEvent[] = [
    {
      key: 'submitted',
      at: order.submittedAt,
      title: t('timeline.submitted', { name: order.submitter.name }),
      detail: (
        <>
          {t('timeline.orderDigest')} <ShortValue value={order.digest} keep={6} />
        </>
      ),
    },
  ];
  for (const approval of approvals) {
    events.push({
      key: `review-${approval.memberId}`,
      at: approval.at,
      title:
        approval.decision === 'reject'
          ? t('timeline.rejected', { name: approval.memberName })
          : approval.method === 'passkey'
            ? t('timeline.approvedWithKey', { name: approval.memberName, key: approval.credentialName ?? '' })
            : t('timeline.approved', { name: approval.memberName }),
      detail: (
        <>
          {approval.opinion ? <>{t('timeline.opinion', { opinion: approval.opinion })} · </> : null}
          {t('timeline.signedDigest')} <ShortValue value={approval.digest} keep={6} />
          {approval.signature ? (
            <>
              {' · '}
              {t('timeline.keySignature')} <ShortValue value={approval.signature.signature} keep={8} />
            </>
          ) : null}
          {approval.decision === 'approve' && !approval.counts ? <> · {t('detail.notCounted')}</> : null}
        </>
      ),
    });
  }
  if (payout.sentAt) events.push({ key: 'sent', at: payout.sentAt, title: t('timeline.sent') });
  if (payout.txid)
    events.push({
      key: 'txid',
      at: payout.settledAt,
      title: t('timeline.txid'),
      detail: <ShortValue value={payout.txid} keep={10} />,
    });
  if (payout.confirmations !== null)
    events.push({ key: 'confirmed', at: payout.settledAt, title: t('timeline.confirmed', { count: payout.confirmations }) });
  if (endStates.has(order.state) && order.decidedAt)
    events.push({ key: 'final', at: order.decidedAt, title: t('timeline.decided', { state: t(`states.${order.state}`) }) });
  return events;
}

/** The order detail's timeline card body. */
export function OrderDetailTimeline({ detail }: { detail: CustodyOrderDetail }) {
  const { t } = useTranslation('custodyOrders');
  return <OrderTimeline events={orderTimelineEvents(detail, t)} testId="order-timeline" />;
}
