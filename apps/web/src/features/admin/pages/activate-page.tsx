import { checkLoginPassword } from '@coffer/contract/rules';
import { errorMessage } from '@coffer/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLanguage } from '../../../shared/i18n/use-language';
import { errorText } from '../api/admin-call';
import { activationStartQuery, useActivationFinish } from '../api/operator-session';
import { AdminAuthCard } from '../components/admin-auth-card';
import { adminLinks } from '../components/admin-links';
import { totpPattern } from '../components/login-form';
import styles from '../components/activate-page.module.css';
import adminStyles from '../components/admin.module.css';

interface ActivationValues {
  password: string;
  confirmPassword: string;
  totpCode: string;
}

/**
 * /admin/activate?token=…: the one-time link of a new operator. The authenticator secret (QR
 * and text) to add to an authenticator app, then a password (the account rules) and the app's
 * first code; finishing spends the link and leads to the login.
 */
export function AdminActivatePage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const start = useQuery({ ...activationStartQuery(token), enabled: token !== '' });
  const finish = useActivationFinish();
  const [form] = Form.useForm<ActivationValues>();

  const handleFinish = (values: ActivationValues) => {
    finish.mutate(
      { token, password: values.password, totpCode: values.totpCode.trim() },
      { onSuccess: () => void navigate(`${adminLinks.login}?activated=1`, { replace: true }) },
    );
  };

  let body;
  if (token === '' || start.isError) {
    body = (
      <Result
        status="warning"
        className={adminStyles.stateResult}
        title={t('activate.linkInvalid')}
        subTitle={errorText(start.error) ?? t('activate.linkMissing')}
        extra={<Link to={adminLinks.login}>{t('activate.toLogin')}</Link>}
        data-testid="activate-invalid"
      />
    );
  } else if (!start.data) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const { email, secret, otpauthUri, qrCodeSvg } = start.data;
    body = (
      <>
        <p className={styles.account}>
          {t('activate.account')} <strong data-testid="activate-email">{email}</strong>
        </p>
        <ol className={styles.steps}>
          <li>
            <p>{t('activate.scan')}</p>
            <div className={styles.secret}>
              <img
                className={styles.qr}
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrCodeSvg)}`}
                alt={t('activate.qrAlt')}
                width={168}
                height={168}
                data-testid="activate-qr"
              />
              <div className={styles.secretText}>
                <span className={adminStyles.muted}>{t('activate.secret')}</span>
                <Typography.Text copyable={{ text: secret }} className={adminStyles.mono} data-testid="activate-secret">
                  {secret}
                </Typography.Text>
                <span className={adminStyles.muted}>{t('activate.uri')}</span>
                <Typography.Text copyable={{ text: otpauthUri }} className={`${adminStyles.mono} ${styles.uri}`} data-testid="activate-uri">
                  {otpauthUri}
                </Typography.Text>
              </div>
            </div>
          </li>
          <li>
            <p>{t('activate.setPassword')}</p>
            <Form form={form} layout="vertical" requiredMark={false} onFinish={handleFinish} data-testid="activate-form">
              {finish.isError ? (
                <Alert
                  type="error"
                  showIcon
                  title={errorText(finish.error)}
                  className={adminStyles.inlineAlert}
                  data-testid="activate-error"
                />
              ) : null}
              <Form.Item
                name="password"
                label={t('activate.password')}
                extra={errorMessage('passwordRuleViolated', language)}
                rules={[
                  { required: true, message: t('activate.passwordRequired') },
                  {
                    validator: async (_rule, value: string | undefined) => {
                      if (value && checkLoginPassword(value)) throw new Error(errorMessage('passwordRuleViolated', language));
                    },
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={20} data-testid="activate-password" />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('activate.confirmPassword')}
                dependencies={['password']}
                rules={[
                  { required: true, message: t('activate.passwordRequired') },
                  ({ getFieldValue }) => ({
                    validator: async (_rule, value: string | undefined) => {
                      if (value && value !== getFieldValue('password')) throw new Error(t('activate.passwordMismatch'));
                    },
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={20} data-testid="activate-password-confirm" />
              </Form.Item>
              <Form.Item
                name="totpCode"
                label={t('activate.firstCode')}
                rules={[
                  { required: true, whitespace: true, message: t('login.totpRequired') },
                  { pattern: totpPattern, message: t('login.totpFormat') },
                ]}
              >
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="activate-totp" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={finish.isPending} data-testid="activate-submit">
                {t('activate.submit')}
              </Button>
            </Form>
          </li>
        </ol>
      </>
    );
  }

  return (
    <AdminAuthCard title={t('activate.title')} testId="admin-activate-page" isWide>
      {body}
    </AdminAuthCard>
  );
}
