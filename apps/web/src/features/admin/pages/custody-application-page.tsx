import type { AdminCustodyApplication } from '@coffer/contract';
import { isEmailAddress } from '@coffer/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useRegionName } from '../../../shared/i18n/region-names';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { errorText } from '../api/admin-call';
import { custodyApplicationQuery, useCustodyDecision } from '../api/custody-applications';
import { emptyValue, timeText } from '../components/admin-format';
import { adminLinks } from '../components/admin-links';
import { AdminErrorState } from '../components/admin-states';
import { CustodyStateTag } from '../components/custody-labels';
import { DecisionDialog } from '../components/decision-dialog';
import { ReasonDialog } from '../components/reason-dialog';
import styles from '../components/admin.module.css';

const rejectReasonMaxChars = 500;

/** Enabling: the salesperson the company will work with, then a confirmation of what it creates. */
function EnableDialog({ application, onClose }: { application: AdminCustodyApplication; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const decision = useCustodyDecision(application.id);
  return (
    <DecisionDialog<{ salespersonEmail: string }>
      title={t('custody.enableTitle')}
      onClose={onClose}
      description={t('custody.enableConfirm', { company: application.companyName })}
      onConfirm={(values) => decision.mutate({ kind: 'enable', salespersonEmail: values.salespersonEmail.trim() }, { onSuccess: onClose })}
      testId="custody-enable-form"
      error={decision.error ? errorText(decision.error) : null}
      confirmText={t('custody.enable')}
      confirmTestId="custody-enable-confirm"
      isPending={decision.isPending}
    >
      <Form.Item
        name="salespersonEmail"
        label={t('custody.salespersonEmail')}
        extra={t('custody.salespersonHint')}
        rules={[
          {
            validator: (_, value?: string) =>
              isEmailAddress((value ?? '').trim()) ? Promise.resolve() : Promise.reject(new Error(t('custody.salespersonInvalid'))),
          },
        ]}
      >
        <Input inputMode="email" data-testid="custody-salesperson" />
      </Form.Item>
    </DecisionDialog>
  );
}

function RejectDialog({ application, onClose }: { application: AdminCustodyApplication; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const decision = useCustodyDecision(application.id);
  return (
    <ReasonDialog
      title={t('custody.rejectTitle')}
      description={t('custody.rejectConfirm', { company: application.companyName })}
      label={t('custody.rejectReason')}
      requiredMessage={t('custody.rejectReasonRequired')}
      maxChars={rejectReasonMaxChars}
      confirmLabel={t('custody.reject')}
      danger
      pending={decision.isPending}
      error={decision.error ? errorText(decision.error) : null}
      onConfirm={(reason) => decision.mutate({ kind: 'reject', reason }, { onSuccess: onClose })}
      onClose={onClose}
      testIds={{ form: 'custody-reject-form', reason: 'custody-reject-reason', confirm: 'custody-reject-confirm' }}
    />
  );
}

function ApplicationView({ application }: { application: AdminCustodyApplication }) {
  const { t } = useTranslation('admin');
  /** The decider as the audit names it (`operator:2`), in words. */
  const deciderText = (decidedBy: string) => {
    const operator = /^operator:(.+)$/.exec(decidedBy);
    return operator ? t('custody.decidedByOperator', { id: operator[1] }) : decidedBy;
  };
  const language = useLanguage();
  const regionName = useRegionName();
  const [dialog, setDialog] = useState<'enable' | 'reject' | null>(null);
  return (
    <>
      {application.state !== 'pending' ? (
        <Alert
          type={application.state === 'enabled' ? 'success' : 'error'}
          showIcon
          title={t('custody.decided', { state: t(`custody.states.${application.state}`) })}
          description={
            <>
              {`${t('custody.decidedAt')}: ${timeText(application.decidedAt, language)}`}
              {application.decidedBy ? ` · ${t('custody.decidedBy')}: ${deciderText(application.decidedBy)}` : ''}
              {application.salespersonEmail ? (
                <>
                  <br />
                  {`${t('custody.salespersonEmail')}: ${application.salespersonEmail}`}
                </>
              ) : null}
              {application.rejectReason ? (
                <>
                  <br />
                  {`${t('custody.rejectReason')}: ${application.rejectReason}`}
                </>
              ) : null}
            </>
          }
          data-testid="custody-decided"
        />
      ) : null}
      <Card
        title={t('custody.application')}
        extra={
          application.state === 'pending' ? (
            <div className={styles.toolbar}>
              <Button danger onClick={() => setDialog('reject')} data-testid="custody-reject">
                {t('custody.reject')}
              </Button>
              <Button type="primary" onClick={() => setDialog('enable')} data-testid="custody-enable">
                {t('custody.enable')}
              </Button>
            </div>
          ) : null
        }
      >
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid="custody-application">
          <Descriptions.Item label={t('custody.company')}>{application.companyName}</Descriptions.Item>
          <Descriptions.Item label={t('custody.state')}>
            <CustodyStateTag state={application.state} />
          </Descriptions.Item>
          <Descriptions.Item label={t('custody.applicant')}>
            <span>
              {application.account} <span className={styles.muted}>({application.userNo})</span>
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('custody.country')}>{regionName(application.country)}</Descriptions.Item>
          <Descriptions.Item label={t('custody.industry')}>{t(`custody.industries.${application.industry}`)}</Descriptions.Item>
          <Descriptions.Item label={t('custody.website')}>{application.website}</Descriptions.Item>
          <Descriptions.Item label={t('custody.contactName')}>{application.contactName}</Descriptions.Item>
          <Descriptions.Item label={t('custody.phone')}>{application.phone}</Descriptions.Item>
          <Descriptions.Item label={t('custody.email')}>{application.email}</Descriptions.Item>
          <Descriptions.Item label={t('custody.submittedAt')}>{timeText(application.createdAt, language)}</Descriptions.Item>
          <Descriptions.Item label={t('custody.organisation')}>{application.organisationId ?? emptyValue}</Descriptions.Item>
        </Descriptions>
      </Card>
      {dialog === 'enable' ? <EnableDialog application={application} onClose={() => setDialog(null)} /> : null}
      {dialog === 'reject' ? <RejectDialog application={application} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** One custody application: what the company sent, and enabling or rejecting it while it is pending. */
export function CustodyApplicationPage() {
  const { t } = useTranslation('admin');
  const { id = '' } = useParams();
  const application = useQuery(custodyApplicationQuery(id));
  let body;
  if (application.isError && !application.data)
    body = <AdminErrorState error={application.error} onRetry={() => void application.refetch()} />;
  else if (!application.data) body = <TableSkeleton rows={4} columns={3} />;
  else body = <ApplicationView application={application.data} />;
  return (
    <PageFrame
      title={t('custody.applicationTitle')}
      testId="admin-custody-application-page"
      actions={<Link to={adminLinks.custody}>{t('custody.backToList')}</Link>}
    >
      {body}
    </PageFrame>
  );
}
