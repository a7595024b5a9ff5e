import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import styles from '../../shared/ui/status-page.module.css';

/** Shown when a page fails to load or render; the details go to the console, not the screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('routeError.title')}</h1>
      <p className={styles.text}>{t('routeError.text')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          {t('routeError.retry')}
        </button>
        <Link to="/" className={styles.secondary}>
          {t('common.backHome')}
        </Link>
      </div>
    </main>
  );
}
