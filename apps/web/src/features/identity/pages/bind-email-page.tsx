import type { SecurityVerification } from '@coffer/contract';
import { checkEmail } from '@coffer/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { identityApi } from '../api/identity-api';
import { CodeField } from '../../../shared/ui/code-field';
import { useSecurityCompletion } from '../components/security-completion';
import { useSecurityRules } from '../components/security-form-rules';
import styles from '../components/security-forms.module.css';
import { SecurityPageFrame } from '../components/security-page-frame';
import { SecuritySubmitButton } from '../components/security-submit-button';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';

interface BindEmailValues extends SecurityVerification {
  email: string;
  newEmailCode: string;
}

/** Bind an e-mail (security centre, only while none is bound). */
export function BindEmailPage() {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<BindEmailValues>();
  const rules = useSecurityRules();
  const complete = useSecurityCompletion();
  const passkey = usePasskeyChoice('bindEmail');

  const bind = useMutation({
    mutationFn: async (values: BindEmailValues) =>
      identityApi.bindEmail({
        email: values.email.trim(),
        newEmailCode: values.newEmailCode.trim(),
        ...(await securityVerification(values, passkey)),
      }),
    onSuccess: () => complete(t('bindEmail.success')),
  });

  const sendToNewEmail = async () => {
    const { email } = await form.validateFields(['email']);
    return identityApi.sendUserCode({ purpose: 'bindEmail', channel: 'email', email: email.trim() });
  };

  return (
    <SecurityPageFrame title={t('bindEmail.title')} intro={t('bindEmail.intro')}>
      <Form form={form} layout="vertical" requiredMark={false} className={styles.form} onFinish={(values) => bind.mutate(values)}>
        <Form.Item name="email" label={t('bindEmail.email')} rules={[rules.required, rules.check((value) => checkEmail(value.trim()))]}>
          <Input type="email" autoComplete="email" placeholder={t('bindEmail.emailPlaceholder')} data-testid="bind-email" />
        </Form.Item>
        <CodeField
          name="newEmailCode"
          label={t('bindEmail.code')}
          onSend={sendToNewEmail}
          inputTestId="bind-email-code"
          sendTestId="bind-email-send"
        />
        <SecurityVerificationFields passkey={passkey} />
        <SecuritySubmitButton loading={bind.isPending} testId="bind-email-submit" />
      </Form>
    </SecurityPageFrame>
  );
}
