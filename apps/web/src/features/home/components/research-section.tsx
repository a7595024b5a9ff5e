import type { Language } from '@coffer/contract/languages';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportListQuery } from '../../../shared/api/list-reports';
import { pathTo } from '../../../shared/routes';
import { HomeIcon } from './home-icon';
import section from './home-section.module.css';
import styles from './research-section.module.css';

const tones = ['gold', 'navy', 'slate'] as const;

/** A small abstract chart per card, so the cards read as reports without any images. */
const coverLines: Record<(typeof tones)[number], string> = {
  gold: 'M0 70 L40 62 L80 66 L120 44 L160 50 L200 30 L240 36 L280 16 L320 22',
  navy: 'M0 50 L40 52 L80 48 L120 50 L160 46 L200 49 L240 45 L280 47 L320 44',
  slate: 'M0 40 L40 58 L80 34 L120 54 L160 30 L200 50 L240 26 L280 44 L320 20',
};

export function ResearchSection() {
  const { t, i18n } = useTranslation('home');
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const researchPath = pathTo('propertyMarketResearchMobile');
  // The latest three reports of the page's language; the section keeps its frame while they load.
  const latest = useQuery(reportListQuery({ language: i18n.language as Language, channel: 'research', pageNum: 1, pageSize: 3 }));
  const reports = latest.data?.records ?? [];
  return (
    <section id="research" className={`${section.section} ${section.surface}`} aria-labelledby="research-title">
      <div className={section.container}>
        <div className={styles.head}>
          <div className={styles.headCopy}>
            <p className={section.eyebrow}>{t('research.eyebrow')}</p>
            <h2 id="research-title" className={section.title}>
              {t('research.title')}
            </h2>
            <p className={section.lead}>{t('research.text')}</p>
          </div>
          <Link to={researchPath} className={`${section.buttonOutline} ${styles.all}`}>
            {t('research.all')}
            <HomeIcon name="arrowRight" className={section.buttonIcon} />
          </Link>
        </div>
        {latest.isPending ? (
          <div className={styles.grid} aria-busy="true" data-testid="home-research-loading">
            {tones.map((tone) => (
              <div key={tone} className={`${styles.card} ${styles.placeholder}`} />
            ))}
          </div>
        ) : null}
        <ul className={styles.grid} hidden={reports.length === 0}>
          {reports.map((report, index) => {
            const tone = tones[index % tones.length] ?? 'gold';
            const readPath = pathTo('propertyMarketResearchReport', { reportId: report.id });
            return (
              <li key={report.id}>
                <article className={styles.card} aria-labelledby={`research-${report.id}-title`}>
                  <div className={`${styles.cover} ${styles[tone]}`} aria-hidden="true">
                    <svg className={styles.coverArt} viewBox="0 0 320 90" preserveAspectRatio="none">
                      <path d={coverLines[tone]} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
                    </svg>
                    <HomeIcon name="document" className={styles.coverIcon} />
                  </div>
                  <div className={styles.body}>
                    <p className={styles.meta}>
                      <span className={styles.tag}>{report.author}</span>
                      <time dateTime={report.publishedAt} className={styles.date}>
                        {dateFormat.format(new Date(report.publishedAt))}
                      </time>
                    </p>
                    <h3 id={`research-${report.id}-title`} className={styles.title}>
                      {report.title}
                    </h3>
                    <p className={styles.summary}>{report.summary}</p>
                    <Link to={readPath} className={`${section.textLink} ${styles.read}`}>
                      {t('research.read')}
                      <span className="visually-hidden">: {report.title}</span>
                      <HomeIcon name="arrowRight" />
                    </Link>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
