import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText, isNoPermission, isSignedOut } from '../api/admin-call';
import styles from './admin.module.css';

/** A screen or part the operator's role does not allow. */
export function NoPermission() {
  const { t } = useTranslation('admin');
  return (
    <Result
      icon={
        <svg aria-hidden="true" viewBox="0 0 24 24" width="56" height="56" className={styles.lockIcon}>
          <rect x="5" y="10.5" width="14" height="10" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="M8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      }
      className={styles.stateResult}
      title={t('states.noPermissionTitle')}
      subTitle={t('states.noPermissionText')}
      data-testid="admin-no-permission"
    />
  );
}

/**
 * The failure of a back-office read: no permission (403), nothing while the operator is being
 * sent to the login (401), otherwise the envelope message with a retry.
 */
export function AdminErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation('admin');
  if (isSignedOut(error)) return null;
  if (isNoPermission(error)) return <NoPermission />;
  return (
    <Result
      status="warning"
      className={styles.stateResult}
      title={t('states.loadFailed')}
      subTitle={errorText(error) ?? undefined}
      data-testid="admin-load-error"
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry} data-testid="admin-retry">
            {t('states.retry')}
          </Button>
        ) : null
      }
    />
  );
}

/** The empty state of a list: a sentence, in the table's place. */
export function EmptyText({ text, testId }: { text: string; testId?: string }) {
  return (
    <p className={styles.empty} data-testid={testId}>
      {text}
    </p>
  );
}
