import type { CustodyOrderState, CustodyPolicyAnswer } from '@coffer/contract';
import { Alert, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatExactAmount } from '../../../shared/format/figures';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from './custody-orders.module.css';

const stateColors: Record<CustodyOrderState, string> = {
  pending_review: 'gold',
  reviewing: 'blue',
  sending: 'processing',
  approved: 'green',
  partial_approved: 'orange',
  rejected: 'red',
  transfer_failed: 'red',
};

/** An order's §4 state as a coloured tag. */
/** The frame of a page that places withdrawal orders (single, batch), linking back to the order list. */
export function OrderPageFrame({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation('custodyOrders');
  return (
    <PageFrame
      title={title}
      testId={testId}
      actions={
        <Link className={layout.headerLink} to={pathTo('custodyWithdrawOrders')}>
          {t('withdraw.toOrders')}
        </Link>
      }
    >
      {children}
    </PageFrame>
  );
}

export function OrderStateTag({ state }: { state: CustodyOrderState }) {
  const { t } = useTranslation('custodyOrders');
  return (
    <Tag color={stateColors[state]} data-testid="order-state">
      {t(`states.${state}`)}
    </Tag>
  );
}

/**
 * The policy engine's answer (issue 18 item 5, "why is this held?"): pass, held or refused with
 * the rule's message; the line's limit windows for the coin (limit, used, remaining, frees at);
 * the approvals counted of those required and who may still approve.
 */
export function PolicyAnswerView({ answer, coin, isDraft }: { answer: CustodyPolicyAnswer; coin: string; isDraft: boolean }) {
  const { t } = useTranslation('custodyOrders');
  const language = useLanguage();
  const amount = (value: string) => formatExactAmount(coin, value, language);
  const type = answer.verdict === 'pass' ? 'success' : answer.verdict === 'held' ? 'warning' : 'error';
  const title =
    answer.verdict === 'pass'
      ? isDraft
        ? t('policy.passDraft', { count: answer.approvals.required })
        : t('policy.pass')
      : answer.verdict === 'held'
        ? t('policy.held')
        : t('policy.refused');
  const rule = answer.rule ? t(`rules.${answer.rule}`) : null;
  return (
    <div data-testid="policy-answer" data-verdict={answer.verdict}>
      <Alert
        className={styles.verdict}
        type={type}
        showIcon
        title={<span data-testid="policy-verdict">{title}</span>}
        description={
          rule || answer.message || answer.until ? (
            <span data-testid="policy-reason">
              {rule ? <strong>{answer.message ? t('policy.rule', { rule }) : rule} </strong> : null}
              {answer.message ?? ''}
              {answer.until ? (
                <span className={styles.sub}>{t('policy.until', { time: formatDateTime(answer.until, language) })}</span>
              ) : null}
            </span>
          ) : undefined
        }
      />
      {answer.limits.length > 0 ? (
        <section className={styles.limitsWrap} data-testid="policy-limits" aria-label={t('policy.limitsTitle')}>
          <p className={styles.caption}>{t('policy.limitsIn', { coin })}</p>
          {answer.limits.map((limit) => (
            <div key={limit.window} className={styles.limitWindow} data-testid={`policy-limit-${limit.window}`}>
              <strong className={styles.limitTitle}>{t(`windows.${limit.window}`)}</strong>
              <dl className={styles.limitFigures}>
                <dt>{t('policy.limit')}</dt>
                <dd>{amount(limit.limit)}</dd>
                {limit.window === 'perTransaction' ? null : (
                  <>
                    <dt>{t('policy.used')}</dt>
                    <dd>{amount(limit.used)}</dd>
                  </>
                )}
                <dt>{t('policy.remaining')}</dt>
                <dd>{amount(limit.remaining)}</dd>
                {limit.freesAt ? (
                  <>
                    <dt>{t('policy.freesAt')}</dt>
                    <dd>{formatDateTime(limit.freesAt, language)}</dd>
                  </>
                ) : null}
              </dl>
            </div>
          ))}
        </section>
      ) : (
        <p className={styles.muted}>{t('policy.noLimits')}</p>
      )}
      <div data-testid="policy-approvals">
        <p className={styles.verdict}>
          {t('policy.approvals', { counted: answer.approvals.counted, required: answer.approvals.required })}
        </p>
        {answer.approvals.mayApprove.length > 0 ? (
          <>
            <span className={styles.muted}>{t('policy.mayApprove')}</span>
            <ul className={styles.approvers} data-testid="policy-may-approve">
              {answer.approvals.mayApprove.map((member) => (
                <li key={member.memberId}>{member.name}</li>
              ))}
            </ul>
          </>
        ) : (
          <span className={styles.muted}>{t('policy.nobodyMayApprove')}</span>
        )}
      </div>
    </div>
  );
}
