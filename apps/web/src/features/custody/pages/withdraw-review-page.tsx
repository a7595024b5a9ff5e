import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { CustodyOrderDetail } from '@coffer/contract';
import { formatExactAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { ShortValue } from '../../../shared/ui/short-value';
import { custodyMeQuery } from '../api/custody-me';
import { custodyOrderQuery } from '../api/custody-orders';
import { ConsoleRead } from '../components/custody-load-error';
import { OrderStateTag, PolicyAnswerView } from '../components/order-parts';
import { OrderDetailTimeline } from '../components/order-timeline';
import { ReviewDialog, type ReviewDecision } from '../components/review-dialog';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from '../components/custody-orders.module.css';

const openStates = new Set(['pending_review', 'reviewing']);

/**
 * A withdrawal order and its review (spec §2, §4; issue 18 items 2, 3, 5, 8): the order, why it is
 * held (the rule, the limits left, the approvals in and who may still approve), the approvals
 * (who, when, opinion, the digest approved), a timeline, and — for a member with `review` who
 * did not submit it and has not decided — approve and reject. The submitter is told why they
 * cannot approve their own order.
 */
export function WithdrawReviewPage() {
  const { t, ready } = useTranslation('custodyOrders');
  const { orderId = '' } = useParams();
  const detail = useQuery(custodyOrderQuery(orderId));

  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;

  const loading = (
    <div data-testid="order-loading">
      <Skeleton active paragraph={{ rows: 10 }} />
    </div>
  );
  const body = (
    <ConsoleRead reads={[detail]} loading={loading} errorTestId="order-load-error">
      {(data) => <OrderDetailView detail={data} />}
    </ConsoleRead>
  );

  return (
    <PageFrame
      title={detail.data ? t('detail.title', { serialNo: detail.data.order.serialNo }) : t('detail.titleLoading')}
      testId="custody-withdraw-review-page"
      actions={
        <Link className={layout.headerLink} to={pathTo('custodyWithdrawOrders')}>
          {t('detail.toOrders')}
        </Link>
      }
    >
      {body}
    </PageFrame>
  );
}

function OrderDetailView({ detail }: { detail: CustodyOrderDetail }) {
  const { t } = useTranslation('custodyOrders');
  const language = useLanguage();
  const chainName = useChainName();
  const me = useQuery(custodyMeQuery);
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const { order, approvals, policy } = detail;
  const amount = (value: string) => `${formatExactAmount(order.coin, value, language)} ${order.coin}`;
  const isOpen = openStates.has(order.state);
  const memberId = me.data?.member.id;
  const isSubmitter = memberId !== undefined && memberId === order.submitter.memberId;
  const hasDecided = approvals.some((approval) => approval.memberId === memberId);
  const mayReview = me.data?.permissions.includes('review') === true;

  let reviewArea = null;
  if (isOpen && me.data) {
    if (isSubmitter) {
      reviewArea = <p data-testid="review-own-order">{t('detail.ownOrder')}</p>;
    } else if (hasDecided) {
      reviewArea = <p data-testid="review-decided">{t('detail.alreadyReviewed')}</p>;
    } else if (mayReview) {
      reviewArea = (
        <div className={styles.actions}>
          <Button type="primary" onClick={() => setDecision('approve')} data-testid="review-approve">
            {t('review.approve')}
          </Button>
          <Button danger onClick={() => setDecision('reject')} data-testid="review-reject">
            {t('review.reject')}
          </Button>
        </div>
      );
    }
  }

  return (
    <div className={layout.layout}>
      <div className={`${layout.main} ${styles.stack}`}>
        <Card>
          <dl className={styles.details} data-testid="order-details">
            <dt>{t('detail.state')}</dt>
            <dd>
              <OrderStateTag state={order.state} />
            </dd>
            <dt>{t('detail.serialNo')}</dt>
            <dd className={styles.code}>{order.serialNo}</dd>
            <dt>{t('detail.line')}</dt>
            <dd>{order.lineName}</dd>
            <dt>{t('detail.account')}</dt>
            <dd>{order.accountName}</dd>
            <dt>{t('detail.coin')}</dt>
            <dd>
              {order.coin} · {chainName(order.chain)}
            </dd>
            <dt>{t('detail.amount')}</dt>
            <dd className={styles.amount} data-testid="order-amount">
              {amount(order.amount)}
            </dd>
            <dt>{t('detail.fee')}</dt>
            <dd className={styles.amount}>{amount(order.fee)}</dd>
            <dt>{t('detail.address')}</dt>
            <dd>
              <ShortValue value={order.address} />
            </dd>
            {order.tag ? (
              <>
                <dt>{t('detail.tag')}</dt>
                <dd>{order.tag}</dd>
              </>
            ) : null}
            <dt>{t('detail.note')}</dt>
            <dd>{order.note || t('common.none')}</dd>
            <dt>{t('detail.submitter')}</dt>
            <dd>
              {order.submitter.name} · {formatDateTime(order.submittedAt, language)}
            </dd>
            <dt>{t('detail.digest')}</dt>
            <dd>
              <ShortValue value={order.digest} />
            </dd>
          </dl>
          {reviewArea ? <div className={styles.reviewArea}>{reviewArea}</div> : null}
        </Card>
        <Card>
          <h2 className={styles.panelTitle}>{t('detail.approvalsTitle')}</h2>
          {approvals.length === 0 ? (
            <p className={styles.muted} data-testid="approvals-empty">
              {t('detail.noApprovals')}
            </p>
          ) : (
            <table className={styles.limits} data-testid="approvals">
              <thead>
                <tr>
                  <th scope="col">{t('detail.who')}</th>
                  <th scope="col">{t('detail.decision')}</th>
                  <th scope="col">{t('detail.when')}</th>
                  <th scope="col">{t('detail.opinion')}</th>
                  <th scope="col">{t('detail.digest')}</th>
                  <th scope="col">{t('detail.signedWith')}</th>
                </tr>
              </thead>
              <tbody>
                {approvals.map((approval) => (
                  <tr key={`${approval.memberId}-${approval.at}`}>
                    <td>{approval.memberName}</td>
                    <td>
                      <Tag color={approval.decision === 'approve' ? 'green' : 'red'}>{t(`decisions.${approval.decision}`)}</Tag>
                      {approval.counts ? null : <span className={styles.sub}>{t('detail.notCounted')}</span>}
                    </td>
                    <td>{formatDateTime(approval.at, language)}</td>
                    <td>{approval.opinion || t('common.none')}</td>
                    <td>
                      <ShortValue value={approval.digest} keep={6} />
                    </td>
                    <td data-testid="approval-signed-with">
                      {approval.method === 'passkey' && approval.signature ? (
                        <>
                          {t('detail.securityKey', { name: approval.credentialName ?? '' })}
                          <span className={styles.sub}>
                            {t('detail.signature')} <ShortValue value={approval.signature.signature} keep={8} />
                          </span>
                        </>
                      ) : approval.decision === 'approve' ? (
                        t('detail.secondFactor')
                      ) : (
                        t('common.none')
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
        <Card>
          <h2 className={styles.panelTitle}>{t('detail.timelineTitle')}</h2>
          <OrderDetailTimeline detail={detail} />
        </Card>
      </div>
      <Card className={layout.aside} data-testid="order-why">
        <h2 className={styles.panelTitle}>{t('detail.whyTitle')}</h2>
        <PolicyAnswerView answer={policy} coin={order.coin} isDraft={false} />
      </Card>
      <ReviewDialog
        order={order}
        decision={decision}
        isKeyRequired={me.data?.hardwareKeyRequired === true}
        onClose={() => setDecision(null)}
      />
    </div>
  );
}

export default WithdrawReviewPage;
