import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pathTo } from '../../../shared/routes';
import styles from './research.module.css';

/** Grey blocks shaped like report cards while the list loads. */
export function ReportListSkeleton({ count }: { count: number }) {
  return (
    <ul className={styles.list} aria-busy="true" data-testid="research-skeleton">
      {Array.from({ length: count }, (_unused, index) => (
        <li key={index} className={styles.item} aria-hidden="true">
          <span className={`${styles.bone} ${styles.boneShort}`} />
          <span className={`${styles.bone} ${styles.boneTitle}`} />
          <span className={styles.bone} />
          <span className={`${styles.bone} ${styles.boneMedium}`} />
        </li>
      ))}
    </ul>
  );
}

/** A failed load: the envelope message in the user's language and a retry. */
export function ResearchError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('research');
  const message = error instanceof Error && error.message && error.message !== 'redirect401' ? error.message : null;
  return (
    <div className={styles.notice} role="alert">
      <h2 className={styles.noticeTitle}>{t('errors.title')}</h2>
      {message ? <p className={styles.noticeText}>{message}</p> : null}
      <button type="button" className={styles.primaryButton} onClick={onRetry}>
        {t('errors.retry')}
      </button>
    </div>
  );
}

/** Reading needs an account (the read call is not anonymous): log in and come back here. */
export function SignInToRead() {
  const { t } = useTranslation('research');
  const location = useLocation();
  const back = encodeURIComponent(`${location.pathname}${location.search}`);
  return (
    <div className={styles.notice} data-testid="research-sign-in">
      <h2 className={styles.noticeTitle}>{t('report.signInTitle')}</h2>
      <p className={styles.noticeText}>{t('report.signInText')}</p>
      <div className={styles.noticeActions}>
        <Link className={styles.primaryButton} to={`${pathTo('loginPage')}?redirect=${back}`}>
          {t('report.logIn')}
        </Link>
        <Link className={styles.secondaryButton} to={pathTo('signPage')}>
          {t('report.signUp')}
        </Link>
      </div>
    </div>
  );
}
