import type { SecurityVerification } from '@coffer/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Skeleton, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/toast-store';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { identityApi } from '../api/identity-api';
import styles from './security-authenticator-form.module.css';
import { CodeField } from '../../../shared/ui/code-field';
import { useSecurityCompletion } from './security-completion';
import formStyles from './security-forms.module.css';
import { SecurityPageFrame } from './security-page-frame';
import { SecuritySubmitButton } from './security-submit-button';
import { securityVerification, SecurityVerificationFields } from './security-verification-fields';

interface AuthenticatorValues extends SecurityVerification {
  newGaCode: string;
}

/**
 * Bind Google Authenticator, or move to a new one: a fresh secret is generated when the
 * screen opens, shown as a QR code and as text, and confirmed with the new app's code.
 */
export function SecurityAuthenticatorForm({ mode }: { mode: 'bind' | 'change' }) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<AuthenticatorValues>();
  const complete = useSecurityCompletion();
  const passkey = usePasskeyChoice(mode === 'bind' ? 'bindAuthenticator' : 'changeAuthenticator');

  // Outside the ['identity'] key, so a refresh of identity data never replaces the secret.
  const generated = useQuery({
    queryKey: ['security-authenticator-secret', mode],
    queryFn: () => identityApi.generateAuthenticator(),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const save = useMutation({
    mutationFn: async (values: AuthenticatorValues) => {
      if (!generated.data) throw new Error('no authenticator secret');
      const body = {
        secret: generated.data.secret,
        newGaCode: values.newGaCode.trim(),
        ...(await securityVerification(values, passkey)),
      };
      return mode === 'bind' ? identityApi.bindAuthenticator(body) : identityApi.changeAuthenticator(body);
    },
    onSuccess: () => complete(mode === 'bind' ? t('authenticator.bindSuccess') : t('authenticator.changeSuccess')),
  });

  const copySecret = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      showToast('success', t('common.copied'));
    } catch {
      showToast('error', t('common.copyFailed'));
    }
  };

  const scanContent = generated.isPending ? (
    <div className={styles.scan} aria-busy="true">
      <Skeleton.Node active className={styles.qrSkeleton} />
      <Skeleton active title={false} paragraph={{ rows: 3, width: [120, 300, 260] }} className={styles.secretBox} />
    </div>
  ) : generated.isError ? (
    <Alert
      type="error"
      showIcon
      title={t('common.loadFailed')}
      action={
        <Button size="small" onClick={() => void generated.refetch()}>
          {t('common.retry')}
        </Button>
      }
    />
  ) : (
    <div className={styles.scan}>
      <img
        className={styles.qr}
        alt={t('authenticator.qrAlt')}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(generated.data.qrCodeSvg)}`}
        width={168}
        height={168}
      />
      <div className={styles.secretBox}>
        <span className={styles.secretLabel}>{t('authenticator.secretLabel')}</span>
        <div className={styles.secretRow}>
          <code className={styles.secret} data-testid="ga-secret">
            {generated.data.secret}
          </code>
          <Button size="middle" onClick={() => void copySecret(generated.data.secret)} data-testid="ga-copy">
            {t('common.copy')}
          </Button>
        </div>
        <p className={styles.backup}>{t('authenticator.backup')}</p>
      </div>
    </div>
  );

  return (
    <SecurityPageFrame
      wide
      title={mode === 'bind' ? t('authenticator.bindTitle') : t('authenticator.changeTitle')}
      intro={mode === 'bind' ? t('authenticator.bindIntro') : t('authenticator.changeIntro')}
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={(values) => save.mutate(values)}>
        <Steps
          orientation="vertical"
          current={-1}
          aria-label={t('authenticator.stepsLabel')}
          className={styles.steps}
          items={[
            {
              status: 'process',
              title: t('authenticator.installTitle'),
              content: <p className={styles.stepText}>{t('authenticator.installText')}</p>,
            },
            {
              status: 'process',
              title: t('authenticator.scanTitle'),
              content: (
                <>
                  <p className={styles.stepText}>{t('authenticator.scanText')}</p>
                  {scanContent}
                </>
              ),
            },
            {
              status: 'process',
              title: t('authenticator.codeTitle'),
              content: (
                <div className={formStyles.form}>
                  <p className={styles.stepText}>{t('authenticator.codeText')}</p>
                  <CodeField name="newGaCode" label={t('authenticator.newCode')} inputTestId="ga-new-code" />
                  <SecurityVerificationFields passkey={passkey} />
                  <SecuritySubmitButton loading={save.isPending} testId="ga-submit" />
                </div>
              ),
            },
          ]}
        />
      </Form>
    </SecurityPageFrame>
  );
}
