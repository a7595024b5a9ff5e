import type { ResearchReport } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date';
import styles from './research.module.css';

/** One report as text: the stored paragraphs are plain text, so React escapes every character. */
export function ReportArticle({ report }: { report: ResearchReport }) {
  const { t, i18n } = useTranslation('research');
  return (
    <article className={styles.article} lang={report.language} aria-labelledby="report-title">
      <p className={styles.meta}>
        <span className={`${styles.tag} ${report.channel === 'news' ? styles.tagNews : ''}`}>{t(`channels.${report.channel}`)}</span>
        <time dateTime={report.publishedAt}>{formatDate(report.publishedAt, i18n.language)}</time>
      </p>
      <h1 id="report-title" className={styles.articleTitle}>
        {report.title}
      </h1>
      <p className={styles.author}>{t('report.by', { author: report.author })}</p>
      <p className={styles.articleLead}>{report.summary}</p>
      <div className={styles.articleBody} data-testid="report-body">
        {report.paragraphs.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <p className={styles.disclaimer}>{t('report.disclaimer')}</p>
    </article>
  );
}
