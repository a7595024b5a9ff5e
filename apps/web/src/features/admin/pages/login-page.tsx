import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../api/admin-call';
import { useOperatorLogin } from '../api/operator-session';
import { AdminAuthCard } from '../components/admin-auth-card';
import { afterLoginTarget } from '../components/admin-links';
import { LoginForm } from '../components/login-form';
import styles from '../components/admin.module.css';

/** /admin/login: the operator's one-step login, then back to the page they came from. */
export function AdminLoginPage() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useOperatorLogin();
  const isActivated = searchParams.get('activated') === '1';

  return (
    <AdminAuthCard title={t('login.title')} testId="admin-login-page">
      {isActivated && !login.isError ? (
        <Alert type="success" showIcon title={t('login.activated')} className={styles.inlineAlert} data-testid="admin-login-activated" />
      ) : null}
      <LoginForm
        isPending={login.isPending}
        error={errorText(login.error)}
        onSubmit={(values) =>
          login.mutate(values, { onSuccess: () => void navigate(afterLoginTarget(searchParams.get('redirect')), { replace: true }) })
        }
      />
    </AdminAuthCard>
  );
}
