import type { EndpointResponse } from '@coffer/contract/endpoint';
import type { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { Alert, Button, Skeleton, Steps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/toast-store';
import styles from './authenticator-setup.module.css';

/** A new authenticator secret: googleAuthGenerate (bind) and ga-generate (change) answer the same. */
export type NewAuthenticatorSecret = EndpointResponse<typeof identityEndpoints.authenticatorGenerate>;

/** Where the new secret is: being generated, failed (with a way to ask again), or here. */
export interface NewSecretState {
  data: NewAuthenticatorSecret | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}

/**
 * Setting up an authenticator app, as binding and changing show it: install the app, then scan
 * the new secret's QR code or type in its key; `lastStep` (the bind's code) follows them.
 */
export function AuthenticatorSetupSteps({
  secret,
  lastStep,
}: {
  secret: NewSecretState;
  lastStep?: { title: string; content: ReactNode };
}) {
  const { t } = useTranslation('security');
  const items = [
    {
      status: 'process' as const,
      title: t('authenticator.installTitle'),
      content: <p className={styles.stepText}>{t('authenticator.installText')}</p>,
    },
    {
      status: 'process' as const,
      title: t('authenticator.scanTitle'),
      content: (
        <>
          <p className={styles.stepText}>{t('authenticator.scanText')}</p>
          <NewSecret secret={secret} />
        </>
      ),
    },
    ...(lastStep ? [{ status: 'process' as const, ...lastStep }] : []),
  ];
  return <Steps orientation="vertical" current={-1} aria-label={t('authenticator.stepsLabel')} className={styles.steps} items={items} />;
}

/** The new secret as a QR code and as text to copy, with the advice to write it down. */
function NewSecret({ secret }: { secret: NewSecretState }) {
  const { t } = useTranslation('security');

  const copySecret = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast('success', t('common.copied'));
    } catch {
      showToast('error', t('common.copyFailed'));
    }
  };

  if (secret.isPending) {
    return (
      <div className={styles.scan} aria-busy="true">
        <Skeleton.Node active className={styles.qrSkeleton} />
        <Skeleton active title={false} paragraph={{ rows: 3, width: [120, 300, 260] }} className={styles.secretBox} />
      </div>
    );
  }
  if (secret.isError || !secret.data) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('common.loadFailed')}
        action={
          <Button size="small" onClick={secret.onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  const { data } = secret;
  return (
    <div className={styles.scan}>
      <img
        className={styles.qr}
        alt={t('authenticator.qrAlt')}
        src={`data:image/svg+xml;utf8,${encodeURIComponent(data.qrCodeSvg)}`}
        width={168}
        height={168}
      />
      <div className={styles.secretBox}>
        <span className={styles.secretLabel}>{t('authenticator.secretLabel')}</span>
        <div className={styles.secretRow}>
          <code className={styles.secret} data-testid="ga-secret">
            {data.secret}
          </code>
          <Button size="middle" onClick={() => void copySecret(data.secret)} data-testid="ga-copy">
            {t('common.copy')}
          </Button>
        </div>
        <p className={styles.backup}>{t('authenticator.backup')}</p>
      </div>
    </div>
  );
}
