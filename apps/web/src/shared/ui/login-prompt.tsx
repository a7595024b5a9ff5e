import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { closeLoginPrompt, isLoginPromptOpen, subscribeLoginPrompt } from './login-prompt-store';
import styles from './login-prompt.module.css';

/**
 * The one-time login dialog of spec §8 ('Notification', 'Please log in first', 'Log In').
 * Confirming or closing it goes to login with the current page as the redirect target.
 */
export function LoginPrompt({ onGoToLogin }: { onGoToLogin: () => void }) {
  const { t } = useTranslation();
  const isOpen = useSyncExternalStore(subscribeLoginPrompt, isLoginPromptOpen);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isOpen) confirmRef.current?.focus();
  }, [isOpen]);

  if (!isOpen) return null;
  const leave = () => {
    closeLoginPrompt();
    onGoToLogin();
  };
  return (
    <div className={styles.backdrop} onKeyDown={(event) => event.key === 'Escape' && leave()}>
      <div role="dialog" aria-modal="true" aria-labelledby="login-prompt-title" className={styles.dialog}>
        <div className={styles.header}>
          <h2 id="login-prompt-title" className={styles.title}>
            {t('loginPrompt.title')}
          </h2>
          <button type="button" className={styles.close} onClick={leave} aria-label={t('toast.close')}>
            ×
          </button>
        </div>
        <p className={styles.text}>{t('loginPrompt.text')}</p>
        <div className={styles.actions}>
          <button type="button" ref={confirmRef} className={styles.confirm} onClick={leave}>
            {t('loginPrompt.button')}
          </button>
        </div>
      </div>
    </div>
  );
}
