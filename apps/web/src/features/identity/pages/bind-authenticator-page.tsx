import type { SecurityVerification } from '@coffer/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../shared/ui/code-field';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { identityApi } from '../api/identity-api';
import styles from '../components/authenticator-setup.module.css';
import { AuthenticatorSetupSteps } from '../components/authenticator-setup';
import { useSecurityCompletion } from '../components/security-completion';
import formStyles from '../components/security-forms.module.css';
import { SecurityPageFrame } from '../components/security-page-frame';
import { SecuritySubmitButton } from '../components/security-submit-button';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';

interface BindValues extends SecurityVerification {
  newGaCode: string;
}

/**
 * Bind Google Authenticator: install → scan → enter code. A fresh secret is generated when the
 * screen opens and confirmed with the app's code and the bound factors.
 */
export function BindAuthenticatorPage() {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<BindValues>();
  const complete = useSecurityCompletion();
  const passkey = usePasskeyChoice('bindAuthenticator');

  // Outside the ['identity'] key, so a refresh of identity data never replaces the secret.
  const generated = useQuery({
    queryKey: ['security-authenticator-secret'],
    queryFn: () => identityApi.generateAuthenticator(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const save = useMutation({
    mutationFn: async (values: BindValues) => {
      if (!generated.data) throw new Error('no authenticator secret');
      return identityApi.bindAuthenticator({
        secret: generated.data.secret,
        newGaCode: values.newGaCode.trim(),
        ...(await securityVerification(values, passkey)),
      });
    },
    onSuccess: () => complete(t('authenticator.bindSuccess')),
  });

  return (
    <SecurityPageFrame wide title={t('authenticator.bindTitle')} intro={t('authenticator.bindIntro')}>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => save.mutate(values)}>
        <AuthenticatorSetupSteps
          secret={{
            data: generated.data,
            isPending: generated.isPending,
            isError: generated.isError,
            onRetry: () => void generated.refetch(),
          }}
          lastStep={{
            title: t('authenticator.codeTitle'),
            content: (
              <div className={formStyles.form}>
                <p className={styles.stepText}>{t('authenticator.codeText')}</p>
                <CodeField name="newGaCode" label={t('authenticator.newCode')} inputTestId="ga-new-code" />
                <SecurityVerificationFields passkey={passkey} />
                <SecuritySubmitButton loading={save.isPending} testId="ga-submit" />
              </div>
            ),
          }}
        />
      </Form>
    </SecurityPageFrame>
  );
}
