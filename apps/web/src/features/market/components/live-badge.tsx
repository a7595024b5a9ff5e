import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import type { LiveStatus } from '../api/use-live-quotations';
import styles from './live-badge.module.css';

/** Whether the board is streaming, and the time of the tick it shows. */
export function LiveBadge({ status, updatedAt }: { status: LiveStatus; updatedAt?: string | undefined }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  return (
    <span className={styles.badge} data-testid="live-status" data-status={status} role="status">
      <span aria-hidden="true" className={`${styles.dot} ${status === 'live' ? styles.on : styles.off}`} />
      {t(`live.${status}`)}
      {updatedAt && updatedAt !== new Date(0).toISOString() ? (
        <span className={styles.time}>{t('live.updated', { time: formatDateTime(updatedAt, language) })}</span>
      ) : null}
    </span>
  );
}
