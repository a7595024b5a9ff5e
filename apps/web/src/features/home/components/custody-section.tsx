import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { HomeIcon, type HomeIconName } from './home-icon';
import section from './home-section.module.css';
import styles from './custody-section.module.css';

const features = [
  { id: 'storage', icon: 'vault' },
  { id: 'approvals', icon: 'approvals' },
  { id: 'whitelist', icon: 'whitelist' },
  { id: 'limits', icon: 'limits' },
  { id: 'roles', icon: 'roles' },
  { id: 'billing', icon: 'billing' },
] as const satisfies ReadonlyArray<{ id: string; icon: HomeIconName }>;

export function CustodySection() {
  const { t } = useTranslation('home');
  return (
    <section id="custody" className={`${section.section} ${section.surface}`} aria-labelledby="custody-title">
      <div className={`${section.container} ${styles.layout}`}>
        <div className={styles.intro}>
          <p className={section.eyebrow}>{t('custody.eyebrow')}</p>
          <h2 id="custody-title" className={section.title}>
            {t('custody.title')}
          </h2>
          <p className={section.lead}>{t('custody.text')}</p>
          <p className={styles.audience}>{t('custody.audience')}</p>
          <Link to={pathTo('enterpriseSignPage')} className={`${section.buttonDark} ${styles.cta}`} data-testid="custody-cta">
            {t('custody.cta')}
            <HomeIcon name="arrowRight" className={section.buttonIcon} />
          </Link>
        </div>
        <ul className={styles.features}>
          {features.map((feature) => (
            <li key={feature.id} className={styles.feature}>
              <span className={section.iconTile}>
                <HomeIcon name={feature.icon} />
              </span>
              <h3 className={styles.featureTitle}>{t(`custody.features.${feature.id}.title`)}</h3>
              <p className={styles.featureText}>{t(`custody.features.${feature.id}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
