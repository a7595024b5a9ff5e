import type { SecurityVerification } from '@coffer/contract';
import { checkFundPassword } from '@coffer/contract/rules';
import { useMutation } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { identityApi } from '../api/identity-api';
import { useSecurityCompletion } from './security-completion';
import { useSecurityRules } from './security-form-rules';
import { SecurityPageFrame } from './security-page-frame';
import { SecuritySubmitButton } from './security-submit-button';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';
import styles from './security-forms.module.css';

interface FundPasswordValues extends SecurityVerification {
  oldFundPassword?: string;
  fundPassword: string;
  confirmFundPassword: string;
}

type Mode = 'set' | 'change' | 'reset';

/**
 * Set, change or reset the 6-digit fund password. Setting and resetting ask for the bound
 * factors; changing asks for the current fund password instead.
 */
export function SecurityFundPasswordForm({ mode }: { mode: Mode }) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<FundPasswordValues>();
  const rules = useSecurityRules();
  const complete = useSecurityCompletion();
  const fundRule = rules.check((value) => checkFundPassword(value, undefined));
  const passkey = usePasskeyChoice('fundPassword');

  const save = useMutation({
    mutationFn: async (values: FundPasswordValues) => {
      const passwords = { fundPassword: values.fundPassword, confirmFundPassword: values.confirmFundPassword };
      if (mode === 'change') {
        return identityApi.changeFundPassword({ oldFundPassword: values.oldFundPassword ?? '', ...passwords });
      }
      const body = { ...passwords, ...(await securityVerification(values, passkey)) };
      return mode === 'set' ? identityApi.setFundPassword(body) : identityApi.resetFundPassword(body);
    },
    onSuccess: () => complete(t(`fundPassword.${mode}Success`)),
  });

  const passwordInput = (testId: string) => (
    <Input.Password
      inputMode="numeric"
      autoComplete="new-password"
      maxLength={6}
      placeholder={t('fundPassword.placeholder')}
      data-testid={testId}
    />
  );

  return (
    <SecurityPageFrame title={t(`fundPassword.${mode}Title`)} intro={t(`fundPassword.${mode}Intro`)}>
      <Form form={form} layout="vertical" requiredMark={false} className={styles.form} onFinish={(values) => save.mutate(values)}>
        {mode === 'change' ? (
          <Form.Item name="oldFundPassword" label={t('fundPassword.old')} rules={[rules.required]}>
            <Input.Password
              inputMode="numeric"
              autoComplete="current-password"
              maxLength={6}
              placeholder={t('fundPassword.placeholder')}
              data-testid="fund-password-old"
            />
          </Form.Item>
        ) : null}
        <Form.Item
          name="fundPassword"
          label={mode === 'change' ? t('fundPassword.newChange') : t('fundPassword.new')}
          extra={t('fundPassword.rule')}
          rules={[rules.required, fundRule]}
        >
          {passwordInput('fund-password')}
        </Form.Item>
        <Form.Item
          name="confirmFundPassword"
          label={t('fundPassword.confirm')}
          dependencies={['fundPassword']}
          rules={[rules.required, rules.confirms('fundPassword')]}
        >
          {passwordInput('fund-password-confirm')}
        </Form.Item>
        {mode === 'change' ? null : <SecurityVerificationFields passkey={passkey} />}
        <SecuritySubmitButton loading={save.isPending} withVerification={mode !== 'change'} testId="fund-password-submit" />
        {mode === 'change' ? (
          <Link className={styles.extraLink} to={pathTo('securityResetFundPassword')}>
            {t('fundPassword.forgot')}
          </Link>
        ) : null}
      </Form>
    </SecurityPageFrame>
  );
}
