import type { KycApplicationDetail } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { kycApplicationQuery } from '../api/kyc-review';
import { emptyValue, levelKey, timeText } from '../components/admin-format';
import { adminLinks } from '../components/admin-links';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import { KycDecision } from '../components/kyc-decision';
import { KycFileView } from '../components/kyc-file-view';
import { useKycLabels } from '../components/kyc-labels';
import { KycStateTag } from '../components/kyc-state-tag';
import { useCan } from '../components/operator-context';
import styles from '../components/admin.module.css';

function ApplicationView({ application }: { application: KycApplicationDetail }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const labels = useKycLabels();
  const submitted = labels.fields(application.data);
  return (
    <>
      {application.state !== 'verifying' ? (
        <Alert
          type={application.state === 'verified' ? 'success' : application.state === 'failed' ? 'error' : 'info'}
          showIcon
          title={t('kyc.decided', { state: t(`kyc.states.${application.state}`) })}
          description={
            <>
              {application.decidedBy ? `${t('kyc.decidedBy')}: ${labels.deciderText(application.decidedBy)} · ` : ''}
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
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid="kyc-application-summary">
          <Descriptions.Item label={t('kyc.user')}>
            <span>
              {application.account} <span className={styles.muted}>({application.userNo})</span>
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.level')}>{t(`levels.${levelKey(application.level)}`)}</Descriptions.Item>
          <Descriptions.Item label={t('kyc.state')}>
            <KycStateTag state={application.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.country')}>{labels.regionName(application.country)}</Descriptions.Item>
          <Descriptions.Item label={t('kyc.submittedAt')}>{timeText(application.createdAt, language)}</Descriptions.Item>
          <Descriptions.Item label={t('kyc.documentType')}>
            {application.documentType ? labels.valueText('documentType', application.documentType) : emptyValue}
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.idNumber')}>
            <span className={styles.mono} data-testid="kyc-id-number">
              {application.idNumberMasked ?? emptyValue}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('kyc.providerResult')}>
            <span data-testid="kyc-provider-outcome">{labels.outcomeText(application.providerOutcome) ?? t('kyc.noProvider')}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <div className={styles.grid2}>
        <Card title={t('kyc.submittedData')}>
          {submitted.length === 0 ? (
            <EmptyText text={t('kyc.noData')} />
          ) : (
            <Descriptions column={1} size="small" bordered data-testid="kyc-submitted-data">
              {submitted.map((field) => (
                <Descriptions.Item key={field.key} label={field.label}>
                  {field.value}
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
                  <span>{labels.ruleLabel(check.rule)}</span>
                  {check.detail ? <span className={styles.muted}> — {check.detail}</span> : null}
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
      {application.verifiedIdentity ? (
        <Card title={t('kyc.verifiedIdentity')}>
          <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered data-testid="kyc-verified-identity">
            {labels
              .fields({
                ...application.verifiedIdentity.data,
                documentType: application.verifiedIdentity.documentType,
                idNumber: application.verifiedIdentity.idNumberMasked,
                country: application.verifiedIdentity.country,
              })
              .map((field) => (
                <Descriptions.Item key={field.key} label={field.label}>
                  {field.value}
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
