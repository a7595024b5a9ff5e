import type { SecurityVerification } from '@coffer/contract';
import { checkLoginPassword } from '@coffer/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { identityApi } from '../api/identity-api';
import { useSecurityCompletion } from '../components/security-completion';
import { useSecurityRules } from '../components/security-form-rules';
import styles from '../components/security-forms.module.css';
import { SecurityPageFrame } from '../components/security-page-frame';
import { SecuritySubmitButton } from '../components/security-submit-button';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';

interface ChangePasswordValues extends SecurityVerification {
  oldPassword: string;
  password: string;
  confirmPassword: string;
}

/** Change the login password; the server logs out every other session. */
export function ChangePasswordPage() {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<ChangePasswordValues>();
  const rules = useSecurityRules();
  const complete = useSecurityCompletion();
  const passkey = usePasskeyChoice('changePassword');

  const save = useMutation({
    mutationFn: async (values: ChangePasswordValues) =>
      identityApi.changePassword({
        oldPassword: values.oldPassword,
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...(await securityVerification(values, passkey)),
      }),
    onSuccess: () => complete(t('changePassword.success')),
  });

  return (
    <SecurityPageFrame title={t('changePassword.title')}>
      <Alert className={styles.notice} type="warning" showIcon title={t('changePassword.notice')} />
      <Form form={form} layout="vertical" requiredMark={false} className={styles.form} onFinish={(values) => save.mutate(values)}>
        <Form.Item name="oldPassword" label={t('changePassword.old')} rules={[rules.required]}>
          <Input.Password autoComplete="current-password" data-testid="password-old" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('changePassword.new')}
          extra={t('changePassword.rule')}
          rules={[rules.required, rules.check(checkLoginPassword)]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} data-testid="password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('changePassword.confirm')}
          dependencies={['password']}
          rules={[rules.required, rules.confirms('password')]}
        >
          <Input.Password autoComplete="new-password" maxLength={20} data-testid="password-confirm" />
        </Form.Item>
        <SecurityVerificationFields passkey={passkey} />
        <SecuritySubmitButton loading={save.isPending} testId="password-submit" />
      </Form>
    </SecurityPageFrame>
  );
}
