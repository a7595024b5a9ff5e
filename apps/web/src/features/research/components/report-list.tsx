import type { ResearchReportSummary } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/format-date';
import { pathTo } from '../../../shared/routes';
import styles from './research.module.css';

/** Report cards: channel, date, title linking to the reading page, summary and author. */
export function ReportList({ reports }: { reports: readonly ResearchReportSummary[] }) {
  const { t, i18n } = useTranslation('research');
  return (
    <ul className={styles.list} data-testid="research-list">
      {reports.map((report) => (
        <li key={report.id}>
          <article className={styles.item} aria-labelledby={`report-${report.id}`}>
            <p className={styles.meta}>
              <span className={`${styles.tag} ${report.channel === 'news' ? styles.tagNews : ''}`}>{t(`channels.${report.channel}`)}</span>
              <time dateTime={report.publishedAt}>{formatDate(report.publishedAt, i18n.language)}</time>
            </p>
            <h2 id={`report-${report.id}`} className={styles.itemTitle}>
              <Link to={pathTo('propertyMarketResearchReport', { reportId: report.id })}>{report.title}</Link>
            </h2>
            <p className={styles.itemSummary}>{report.summary}</p>
            <p className={styles.author}>{t('report.by', { author: report.author })}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
