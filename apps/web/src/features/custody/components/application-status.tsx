import type { CustodyApplication } from '@coffer/contract';
import { Button, Card, Descriptions, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useRegionName } from '../../../shared/i18n/region-names';
import { pathTo } from '../../../shared/routes';
import styles from './custody.module.css';

/** What the company sent, under the application's state. */
function ApplicationSummary({ application }: { application: CustodyApplication }) {
  const { t } = useTranslation('custody');
  const language = useLanguage();
  const regionName = useRegionName();
  return (
    <Descriptions column={2} size="small" bordered data-testid="custody-application-summary">
      <Descriptions.Item label={t('apply.companyName')}>{application.companyName}</Descriptions.Item>
      <Descriptions.Item label={t('apply.country')}>{regionName(application.country)}</Descriptions.Item>
      <Descriptions.Item label={t('apply.industry')}>{t(`industries.${application.industry}`)}</Descriptions.Item>
      <Descriptions.Item label={t('apply.website')}>{application.website}</Descriptions.Item>
      <Descriptions.Item label={t('apply.contactName')}>{application.contactName}</Descriptions.Item>
      <Descriptions.Item label={t('apply.phone')}>{application.phone}</Descriptions.Item>
      <Descriptions.Item label={t('apply.email')}>{application.email}</Descriptions.Item>
      <Descriptions.Item label={t('apply.submittedAt')}>
        <span className={styles.figure}>{formatDateTime(application.createdAt, language)}</span>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The application's state: under review; rejected with its reason and a way to apply again; enabled with the way in. */
export function ApplicationStatus({ application, onApplyAgain }: { application: CustodyApplication; onApplyAgain: () => void }) {
  const { t } = useTranslation('custody');
  let result;
  if (application.state === 'pending') {
    result = (
      <Result status="info" title={t('status.pendingTitle')} subTitle={t('status.pendingText')} data-testid="custody-application-pending" />
    );
  } else if (application.state === 'rejected') {
    result = (
      <Result
        status="warning"
        title={t('status.rejectedTitle')}
        subTitle={
          <span data-testid="custody-application-reason">{t('status.rejectedReason', { reason: application.rejectReason ?? '' })}</span>
        }
        data-testid="custody-application-rejected"
        extra={
          <Button type="primary" onClick={onApplyAgain} data-testid="custody-apply-again">
            {t('status.applyAgain')}
          </Button>
        }
      />
    );
  } else {
    result = (
      <Result
        status="success"
        title={t('status.enabledTitle')}
        subTitle={
          application.salespersonEmail ? t('status.enabledSales', { email: application.salespersonEmail }) : t('status.enabledText')
        }
        data-testid="custody-application-enabled"
        extra={
          <Link to={pathTo('custodyHome')} data-testid="custody-open-console">
            <Button type="primary">{t('status.openConsole')}</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div className={styles.stack}>
      <Card className={styles.stateCard}>{result}</Card>
      <Card title={t('status.sent')} className={styles.stateCard}>
        <ApplicationSummary application={application} />
      </Card>
    </div>
  );
}
