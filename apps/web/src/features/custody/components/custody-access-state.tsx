import { useQuery } from '@tanstack/react-query';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { errorText } from '../../../shared/http/error-text';
import { pathTo } from '../../../shared/routes';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { myCustodyApplicationQuery } from '../api/custody-application';
import { custodyAccessRefusal } from '../api/custody-me';
import styles from './custody.module.css';

/** The sales contact the operator assigned to the customer's application, when there is one. */
function SalesContact() {
  const { t } = useTranslation('custody');
  const application = useQuery(myCustodyApplicationQuery);
  const email = application.data?.salespersonEmail;
  if (!email) return null;
  return (
    <p className={styles.contact} data-testid="custody-sales-contact">
      {t('access.salesContact')} <a href={`mailto:${email}`}>{email}</a>
    </p>
  );
}

/**
 * What the console shows instead of a page while the caller's membership (`me`) is not
 * there: a skeleton while it loads; spec §6 "contact the administrator" without custody (with
 * the way to apply for an enterprise account and the sales contact if known); the frozen
 * message; any other failure with a retry. Nothing while the login prompt is open or the
 * member is sent to log in again (the session length).
 */
export function CustodyAccessState({ error, isLoading, onRetry }: { error: unknown; isLoading: boolean; onRetry: () => void }) {
  const { t } = useTranslation('custody');
  const user = useQuery(sessionUserQuery);
  if (isLoading) {
    return (
      <div data-testid="custody-access-loading" aria-busy="true">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const message = errorText(error);
  const refusal = custodyAccessRefusal(error);
  // A session past the organisation's length is on its way to the login page.
  if (message === null || refusal === 'sessionExpired') return null;
  return (
    <AntdProvider>
      {refusal === 'notEnabled' ? (
        <Result
          status="info"
          title={t('access.notEnabledTitle')}
          subTitle={message}
          data-testid="custody-not-enabled"
          extra={
            <>
              {user.data?.accountKind === 'enterprise' ? (
                <Link to={pathTo('custodyApply')} data-testid="custody-apply-link">
                  <Button type="primary">{t('access.apply')}</Button>
                </Link>
              ) : (
                <p className={styles.muted}>{t('access.enterpriseOnly')}</p>
              )}
              <SalesContact />
            </>
          }
        />
      ) : refusal === 'frozen' ? (
        <Result status="warning" title={t('access.frozenTitle')} subTitle={message} data-testid="custody-frozen" />
      ) : (
        <Result
          status="warning"
          title={t('states.loadFailedTitle')}
          subTitle={message}
          data-testid="custody-access-error"
          extra={
            <Button type="primary" onClick={onRetry}>
              {t('states.retry')}
            </Button>
          }
        />
      )}
    </AntdProvider>
  );
}
