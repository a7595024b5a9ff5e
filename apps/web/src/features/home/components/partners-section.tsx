import { useTranslation } from 'react-i18next';
import { HomeIcon, type HomeIconName } from './home-icon';
import section from './home-section.module.css';
import styles from './partners-section.module.css';

/** Partner categories only: no real company names or trademarks appear on the page. */
const partners = [
  { id: 'hsm', icon: 'chip' },
  { id: 'analytics', icon: 'radar' },
  { id: 'acquirer', icon: 'card' },
  { id: 'audit', icon: 'audit' },
  { id: 'bank', icon: 'bank' },
  { id: 'liquidity', icon: 'layers' },
] as const satisfies ReadonlyArray<{ id: string; icon: HomeIconName }>;

export function PartnersSection() {
  const { t } = useTranslation('home');
  return (
    <section id="partners" className={`${section.section} ${section.canvas} ${styles.partners}`} aria-labelledby="partners-title">
      <div className={section.container}>
        <div className={section.centeredHead}>
          <p className={section.eyebrow}>{t('partners.eyebrow')}</p>
          <h2 id="partners-title" className={section.title}>
            {t('partners.title')}
          </h2>
          <p className={section.lead}>{t('partners.text')}</p>
        </div>
        <ul className={styles.grid}>
          {partners.map((partner) => (
            <li key={partner.id} className={styles.badge}>
              <span className={styles.mark}>
                <HomeIcon name={partner.icon} />
              </span>
              <span className={styles.body}>
                <span className={styles.name}>{t(`partners.items.${partner.id}.name`)}</span>
                <span className={styles.role}>{t(`partners.items.${partner.id}.role`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
