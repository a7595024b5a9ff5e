import type { KycApplicationDetail } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { kycApplicationQuery } from '../api/kyc-review';
import { levelKey, timeText } from '../components/admin-format';
import { adminLinks } from '../components/admin-links';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import { KycDecision } from '../components/kyc-decision';
import { KycFileView } from '../components/kyc-file-view';
import { KycStateTag } from '../components/kyc-state-tag';
import { useCan } from '../components/operator-context';
import styles from '../components/admin.module.css';

/** A submitted value as text: lists joined, anything else structured as JSON. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
  return JSON.stringify(value);
}

function ApplicationView({ application }: { application: KycApplicationDetail }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const submitted = Object.entries(application.data);
  return (
    <>
      {application.state !== 'verifying' ? (
        <Alert
          type={application.state === 'verified' ? 'success' : application.state === 'failed' ? 'error' : 'info'}
          showIcon
          title={t('kyc.decided', { state: t(`kyc.states.${application.state}`) })}
          description={
            <>
              {application.decidedBy ? `${t('kyc.decidedBy')}: ${application.decidedBy} · ` : ''}
              {application.decidedAt ? `${t('kyc.decidedAt')}: ${timeText(application.decidedAt, language)}` : ''}
              {application.rejectReason ? (
                <>
                  <br />
                  {`${t('kyc.rejectReason')}: ${t(`kyc.reasons.${application.rejectReason.key}`)}`}
                  {application.rejectReason.text ? ` — ${application.rejectReason.text}` : ''}
                </>
              ) : null}
            </>
          }
          data-testid="kyc-decided"
        />
      ) : null}
      <Card title={t('kyc.application')}>
        <Descriptions column={3} size="small" data-testid="kyc-application-summary">
          <Descriptions.Item label={t('kyc.user')}>
            <span>
              {application.account} <span className={styles.muted}>({application.userNo})</span>
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.level')}>{t(`levels.${levelKey(application.level)}`)}</Descriptions.Item>
          <Descriptions.Item label={t('kyc.state')}>
            <KycStateTag state={application.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.country')}>{application.country}</Descriptions.Item>
          <Descriptions.Item label={t('kyc.submittedAt')}>{timeText(application.createdAt, language)}</Descriptions.Item>
          <Descriptions.Item label={t('kyc.documentType')}>
            {application.documentType ? t(`kyc.documents.${application.documentType}`) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.idNumber')}>
            <span className={styles.mono} data-testid="kyc-id-number">
              {application.idNumberMasked ?? '—'}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.providerResult')}>
            <span data-testid="kyc-provider-outcome">{application.providerOutcome ?? t('kyc.noProvider')}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <div className={styles.grid2}>
        <Card title={t('kyc.submittedData')}>
          {submitted.length === 0 ? (
            <EmptyText text={t('kyc.noData')} />
          ) : (
            <Descriptions column={1} size="small" bordered data-testid="kyc-submitted-data">
              {submitted.map(([key, value]) => (
                <Descriptions.Item key={key} label={<span className={styles.mono}>{key}</span>}>
                  {valueText(value)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
        </Card>
        <Card title={t('kyc.ruleChecks')}>
          {application.ruleChecks.length === 0 ? (
            <EmptyText text={t('kyc.noChecks')} />
          ) : (
            <ul className={styles.checks} data-testid="kyc-rule-checks">
              {application.ruleChecks.map((check) => (
                <li key={check.rule} data-testid="kyc-rule-check">
                  <Tag color={check.passed ? 'success' : 'error'}>{check.passed ? `✓ ${t('kyc.passed')}` : `✗ ${t('kyc.failed')}`}</Tag>
                  <span className={styles.mono}>{check.rule}</span>
                  {check.detail ? <span className={styles.muted}> — {check.detail}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {application.verifiedIdentity ? (
        <Card title={t('kyc.verifiedIdentity')}>
          <Descriptions column={2} size="small" bordered data-testid="kyc-verified-identity">
            <Descriptions.Item label={t('kyc.verifiedDocument')}>
              {application.verifiedIdentity.documentType ?? '—'} · {application.verifiedIdentity.idNumberMasked ?? '—'} ·{' '}
              {application.verifiedIdentity.country}
            </Descriptions.Item>
            {Object.entries(application.verifiedIdentity.data).map(([key, value]) => (
              <Descriptions.Item key={key} label={<span className={styles.mono}>{key}</span>}>
                {valueText(value)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        </Card>
      ) : null}
      <Card title={t('kyc.file')}>{application.file ? <KycFileView file={application.file} /> : <EmptyText text={t('kyc.noFile')} />}</Card>
    </>
  );
}

/** One application: the data, checks, provider outcome and file; approve or reject while it waits. */
export function KycApplicationPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const detail = useQuery(kycApplicationQuery(id));
  const canReview = useCan('kyc.review');
  const application = detail.data;

  return (
    <PageFrame
      title={t('kyc.applicationTitle')}
      testId="admin-kyc-application-page"
      actions={
        <>
          <Link to={adminLinks.kyc}>{t('kyc.backToQueue')}</Link>
          {application && canReview && application.state === 'verifying' ? (
            <KycDecision applicationId={application.id} who={application.account} />
          ) : null}
        </>
      }
    >
      {detail.isError && !application ? (
        <Card>
          <AdminErrorState error={detail.error} onRetry={() => void detail.refetch()} />
        </Card>
      ) : !application ? (
        <Card>
          <TableSkeleton rows={4} columns={3} />
        </Card>
      ) : (
        <ApplicationView application={application} />
      )}
    </PageFrame>
  );
}
