import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { closeToast, currentToasts, subscribeToasts, type Toast } from './toast-store';
import styles from './toast-host.module.css';

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  return (
    <div
      className={`${styles.toast} ${toast.kind === 'error' ? styles.error : styles.success}`}
      role={toast.kind === 'error' ? 'alert' : 'status'}
      data-testid={`toast-${toast.kind}`}
    >
      <span aria-hidden="true" className={styles.icon}>
        {toast.kind === 'error' ? '!' : '✓'}
      </span>
      <span className={styles.text}>{toast.text}</span>
      <button type="button" className={styles.close} onClick={() => closeToast(toast.kind)} aria-label={t('toast.close')}>
        ×
      </button>
    </div>
  );
}

/** Renders the one error toast and the one success toast of spec §8. */
export function ToastHost() {
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts);
  return (
    <div className={styles.host} aria-live="polite">
      {toasts.error && <ToastItem key={toasts.error.id} toast={toasts.error} />}
      {toasts.success && <ToastItem key={toasts.success.id} toast={toasts.success} />}
    </div>
  );
}
