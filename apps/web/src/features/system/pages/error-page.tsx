import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../../../shared/ui/status-page.module.css';

/** The generic error page of spec §2 (`/error`). */
export function ErrorPage() {
  const { t } = useTranslation();
  return (
    <main className={styles.page}>
      <h1 className={styles.title}>{t('errorPage.title')}</h1>
      <p className={styles.text}>{t('errorPage.text')}</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          {t('common.backHome')}
        </Link>
      </div>
    </main>
  );
}
