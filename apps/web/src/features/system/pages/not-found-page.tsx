import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from '../../../shared/ui/status-page.module.css';

export function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} | ${t('app.name')}`;
  }, [t]);
  return (
    <main className={styles.page} data-testid="not-found">
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          {t('common.backHome')}
        </Link>
      </div>
    </main>
  );
}
