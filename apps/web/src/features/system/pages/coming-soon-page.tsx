import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import type { RouteHandle } from '../../../shared/routes';
import styles from '../../../shared/ui/status-page.module.css';

/** Screens whose capability lands in a later release say so, in the user's language. */
export function ComingSoonPage() {
  const { t } = useTranslation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const title = handle ? t(`titles.${handle.route.name}` as 'titles.error') : t('comingSoon.title');
  return (
    <main className={styles.page} data-testid="coming-soon">
      <span className={styles.badge} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="34" height="34">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      </span>
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.text}>{t('comingSoon.text')}</p>
      <div className={styles.actions}>
        <Link to="/" className={styles.primary}>
          {t('common.backHome')}
        </Link>
      </div>
    </main>
  );
}
