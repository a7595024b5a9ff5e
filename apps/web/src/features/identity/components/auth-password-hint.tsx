import { limits } from '@coffer/contract/constants';
import { useTranslation } from 'react-i18next';
import styles from './auth-password-hint.module.css';

const characterClasses = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/] as const;

/**
 * The spec §5 login-password rule, ticked off live as the user types. Only a guide: the
 * field's own rule (checkLoginPassword, as on the server) decides.
 */
export function AuthPasswordHint({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const lengthMet =
    password.length >= limits.loginPasswordMinChars && password.length <= limits.loginPasswordMaxChars && /^[\x21-\x7e]+$/.test(password);
  const classesMet = characterClasses.filter((pattern) => pattern.test(password)).length >= 3;
  const items = [
    { key: 'length', met: lengthMet, text: t('passwordHint.length') },
    { key: 'classes', met: classesMet, text: t('passwordHint.classes') },
  ];
  return (
    <div className={styles.hint} id={id} data-testid="password-hint">
      <span className={styles.title}>{t('passwordHint.title')}</span>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={item.met ? styles.met : styles.pending}>
            <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true">
              {item.met ? (
                <path
                  d="M3.5 8.5l3 3 6-7"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              ) : (
                <circle cx="8" cy="8" r="3" fill="currentColor" />
              )}
            </svg>
            <span>{item.text}</span>
            <span className="visually-hidden">({item.met ? t('passwordHint.met') : t('passwordHint.notMet')})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
