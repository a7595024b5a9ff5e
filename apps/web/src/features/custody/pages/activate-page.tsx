import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { errorText } from '../../../shared/http/error-text';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { useActivateMembership } from '../api/activate-membership';
import styles from '../components/custody.module.css';

/** Back here after logging in, with the same link. */
function loginLink(token: string): string {
  return `${pathTo('loginPage')}?redirect=${encodeURIComponent(`${pathTo('custodyActivate')}?token=${encodeURIComponent(token)}`)}`;
}

/**
 * Where a member's e-mailed activation link lands: the signed-in customer confirms joining the
 * organisation and goes to the console. Logged out, the login prompt (and a link to the login
 * page) brings them back here; a refused link (expired, another account's, already a member)
 * is shown in the user's language.
 */
export function CustodyActivatePage() {
  const { t } = useTranslation('custody');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const user = useQuery(sessionUserQuery);
  const activate = useActivateMembership();

  let body;
  if (token === '') {
    body = <Result status="warning" title={t('activate.noToken')} data-testid="custody-activate-no-token" />;
  } else if (user.isPending) {
    body = <Skeleton active paragraph={{ rows: 3 }} />;
  } else if (!user.data) {
    body = (
      <Result
        status="info"
        title={t('activate.loginFirst')}
        data-testid="custody-activate-login"
        extra={
          <Link to={loginLink(token)}>
            <Button type="primary">{t('activate.login')}</Button>
          </Link>
        }
      />
    );
  } else {
    const message = errorText(activate.error);
    body = (
      <div className={styles.stack}>
        <p>{t('activate.intro', { account: user.data.email ?? user.data.phone ?? '' })}</p>
        {message !== null ? <Alert type="error" showIcon role="alert" title={message} data-testid="custody-activate-error" /> : null}
        <div className={styles.actions}>
          <Button
            type="primary"
            loading={activate.isPending}
            onClick={() => activate.mutate(token, { onSuccess: () => void navigate(pathTo('custodyHome')) })}
            data-testid="custody-activate-confirm"
          >
            {t('activate.confirm')}
          </Button>
          <Link to={pathTo('propertyCenterDashboard')}>
            <Button>{t('activate.notNow')}</Button>
          </Link>
        </div>
      </div>
    );
  }
  return (
    <PageFrame title={t('activate.title')} testId="custody-activate-page">
      <Card className={styles.stateCard}>{body}</Card>
    </PageFrame>
  );
}
