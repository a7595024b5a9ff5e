import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../app/route-table';
import { HomeIcon } from './home-icon';
import section from './home-section.module.css';
import styles from './research-section.module.css';

/** Static for now: a later issue loads the reports from the API. */
const reports = [
  { id: 'outlook', published: '2026-11-12', tone: 'gold' },
  { id: 'treasury', published: '2026-10-28', tone: 'navy' },
  { id: 'security', published: '2026-10-09', tone: 'slate' },
] as const;

/** A small abstract chart per card, so the cards read as reports without any images. */
const coverLines: Record<(typeof reports)[number]['tone'], string> = {
  gold: 'M0 70 L40 62 L80 66 L120 44 L160 50 L200 30 L240 36 L280 16 L320 22',
  navy: 'M0 50 L40 52 L80 48 L120 50 L160 46 L200 49 L240 45 L280 47 L320 44',
  slate: 'M0 40 L40 58 L80 34 L120 54 L160 30 L200 50 L240 26 L280 44 L320 20',
};

export function ResearchSection() {
  const { t, i18n } = useTranslation('home');
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const researchPath = pathTo('propertyMarketResearchMobile');
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
        <ul className={styles.grid}>
          {reports.map((report) => (
            <li key={report.id}>
              <article className={styles.card} aria-labelledby={`research-${report.id}-title`}>
                <div className={`${styles.cover} ${styles[report.tone]}`} aria-hidden="true">
                  <svg className={styles.coverArt} viewBox="0 0 320 90" preserveAspectRatio="none">
                    <path d={coverLines[report.tone]} fill="none" stroke="currentColor" strokeWidth="2" vectorEffect="non-scaling-stroke" />
                  </svg>
                  <HomeIcon name="document" className={styles.coverIcon} />
                </div>
                <div className={styles.body}>
                  <p className={styles.meta}>
                    <span className={styles.tag}>{t(`research.reports.${report.id}.tag`)}</span>
                    <time dateTime={report.published} className={styles.date}>
                      {dateFormat.format(new Date(`${report.published}T00:00:00Z`))}
                    </time>
                  </p>
                  <h3 id={`research-${report.id}-title`} className={styles.title}>
                    {t(`research.reports.${report.id}.title`)}
                  </h3>
                  <p className={styles.summary}>{t(`research.reports.${report.id}.summary`)}</p>
                  <Link to={researchPath} className={`${section.textLink} ${styles.read}`}>
                    {t('research.read')}
                    <span className="visually-hidden">: {t(`research.reports.${report.id}.title`)}</span>
                    <HomeIcon name="arrowRight" />
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
