import { errorMessage } from '@coffer/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { myCustodyApplicationQuery, useApplyForCustody } from '../api/custody-application';
import { ApplicationForm } from '../components/application-form';
import { ApplicationStatus } from '../components/application-status';
import { CustodyReadError } from '../components/custody-load-error';
import styles from '../components/custody.module.css';

/**
 * Apply for custody (spec §1, §3): an enterprise customer sends the company application and
 * sees its state on every later visit; a personal account is told custody is for enterprises.
 */
export function CustodyApplyPage() {
  const { t } = useTranslation('custody');
  const language = useLanguage();
  const user = useQuery(sessionUserQuery);
  const application = useQuery(myCustodyApplicationQuery);
  const apply = useApplyForCustody();
  const [isApplyingAgain, setApplyingAgain] = useState(false);

  let body;
  if (application.isError) body = <CustodyReadError error={application.error} onRetry={() => void application.refetch()} />;
  else if (application.isPending || user.isPending)
    body = (
      <Card data-testid="custody-apply-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  else if (user.data?.accountKind === 'personal' && !application.data)
    body = <Alert type="info" showIcon title={errorMessage('custodyEnterpriseOnly', language)} data-testid="custody-enterprise-only" />;
  else if (application.data && !(application.data.state === 'rejected' && isApplyingAgain))
    body = <ApplicationStatus application={application.data} onApplyAgain={() => setApplyingAgain(true)} />;
  else {
    const previous = application.data;
    body = (
      <Card className={styles.stateCard}>
        <p className={styles.muted}>{t('apply.intro')}</p>
        <ApplicationForm
          initialValues={
            previous
              ? {
                  companyName: previous.companyName,
                  country: previous.country,
                  industry: previous.industry,
                  website: previous.website,
                  contactName: previous.contactName,
                  phone: previous.phone,
                  email: previous.email,
                }
              : { email: user.data?.email ?? '' }
          }
          pending={apply.isPending}
          error={apply.error}
          onSubmit={(values) => apply.mutate(values, { onSuccess: () => setApplyingAgain(false) })}
        />
      </Card>
    );
  }
  return (
    <PageFrame title={t('apply.title')} testId="custody-apply-page">
      {body}
    </PageFrame>
  );
}
