import type { CustodyMe } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { errorText } from '../../../shared/http/error-text';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { useActivateMembership } from '../api/activate-membership';
import { custodyMeQuery } from '../api/custody-me';
import styles from '../components/custody.module.css';
import { SecurityKeyStep } from '../components/security-key-step';

/** Back here after logging in, with the same link. */
function loginLink(here: string): string {
  return `${pathTo('loginPage')}?redirect=${encodeURIComponent(here)}`;
}

/**
 * The security-key step opened by the console's banner (`?step=securityKey`): the step while
 * the member's organisation requires a key they lack, else word that nothing is left to do.
 */
function SecurityKeyLink({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('custody');
  const me = useQuery(custodyMeQuery);
  if (me.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (me.isError) {
    const message = errorText(me.error);
    return message === null ? null : <Alert type="error" showIcon role="alert" title={message} data-testid="custody-security-key-error" />;
  }
  if (me.data.hardwareKeyMissing) return <SecurityKeyStep organisation={me.data.organisation.name} onDone={onDone} onLater={onDone} />;
  return (
    <Result
      status="success"
      title={t('securityKey.alreadyRegistered')}
      data-testid="custody-security-key-done"
      extra={
        <Button type="primary" onClick={onDone}>
          {t('securityKey.toConsole')}
        </Button>
      }
    />
  );
}

/**
 * Where a member's e-mailed activation link lands: the signed-in customer confirms joining the
 * organisation and goes to the console; where the organisation requires hardware keys and the
 * member has none, registering a security key comes first (the hardware-key link, issue 17
 * item 5), and the console's banner opens that step again (`?step=securityKey`). Logged out,
 * the login prompt (and a link to the login page) brings them back here; a refused link
 * (expired, another account's, already a member) is shown in the user's language.
 */
export function CustodyActivatePage() {
  const { t } = useTranslation('custody');
  const [params] = useSearchParams();
  const location = useLocation();
  const token = params.get('token')?.trim() ?? '';
  const isKeyStepLink = params.get('step') === 'securityKey';
  const navigate = useNavigate();
  const user = useQuery(sessionUserQuery);
  const activate = useActivateMembership();
  const [joinedWithoutKey, setJoinedWithoutKey] = useState<CustodyMe | null>(null);
  const toConsole = () => void navigate(pathTo('custodyHome'));
  const isKeyStep = isKeyStepLink || joinedWithoutKey !== null;

  let body: ReactNode;
  if (token === '' && !isKeyStepLink) {
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
          <Link to={loginLink(`${location.pathname}${location.search}`)}>
            <Button type="primary">{t('activate.login')}</Button>
          </Link>
        }
      />
    );
  } else if (joinedWithoutKey) {
    body = <SecurityKeyStep organisation={joinedWithoutKey.organisation.name} onDone={toConsole} onLater={toConsole} />;
  } else if (isKeyStepLink) {
    body = <SecurityKeyLink onDone={toConsole} />;
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
            onClick={() => activate.mutate(token, { onSuccess: (me) => (me.hardwareKeyMissing ? setJoinedWithoutKey(me) : toConsole()) })}
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
    <PageFrame title={isKeyStep ? t('securityKey.title') : t('activate.title')} testId="custody-activate-page">
      <Card className={styles.stateCard}>{body}</Card>
    </PageFrame>
  );
}
