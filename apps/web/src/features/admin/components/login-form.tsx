import type { OperatorLoginBody } from '@coffer/contract';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './admin.module.css';

export const totpPattern = /^\d{6}$/;

/**
 * The operator's login: e-mail, password and the authenticator's current code, all three
 * required and sent together. `error` is the server's answer in the operator's language.
 */
export function LoginForm({
  isPending,
  error,
  onSubmit,
}: {
  isPending: boolean;
  error: string | null;
  onSubmit: (values: OperatorLoginBody) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<OperatorLoginBody>();
  const handleFinish = (values: OperatorLoginBody) => {
    onSubmit({ email: values.email.trim(), password: values.password, totpCode: values.totpCode.trim() });
  };
  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={handleFinish} data-testid="admin-login-form">
      {error ? <Alert type="error" showIcon title={error} className={styles.inlineAlert} data-testid="admin-login-error" /> : null}
      <Form.Item name="email" label={t('login.email')} rules={[{ required: true, whitespace: true, message: t('login.emailRequired') }]}>
        <Input autoComplete="username" maxLength={254} autoFocus data-testid="admin-login-email" />
      </Form.Item>
      <Form.Item name="password" label={t('login.password')} rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password autoComplete="current-password" maxLength={128} data-testid="admin-login-password" />
      </Form.Item>
      <Form.Item
        name="totpCode"
        label={t('login.totp')}
        extra={t('login.totpHint')}
        rules={[
          { required: true, whitespace: true, message: t('login.totpRequired') },
          { pattern: totpPattern, message: t('login.totpFormat') },
        ]}
      >
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} data-testid="admin-login-totp" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={isPending} data-testid="admin-login-submit">
        {t('login.submit')}
      </Button>
    </Form>
  );
}
