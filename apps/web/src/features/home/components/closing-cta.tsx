import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { HomeIcon } from './home-icon';
import section from './home-section.module.css';
import styles from './closing-cta.module.css';

export function ClosingCta() {
  const { t } = useTranslation('home');
  return (
    <section className={styles.closing} aria-labelledby="closing-title">
      <div className={`${section.container} ${styles.panel}`}>
        <span className={styles.mark} aria-hidden="true">
          <BrandMark size={56} />
        </span>
        <div className={styles.copy}>
          <h2 id="closing-title" className={styles.title}>
            {t('closing.title')}
          </h2>
          <p className={styles.text}>{t('closing.text')}</p>
        </div>
        <div className={styles.actions}>
          <Link to={pathTo('signPage')} className={section.buttonPrimary} data-testid="closing-personal-cta">
            {t('closing.personalCta')}
            <HomeIcon name="arrowRight" className={section.buttonIcon} />
          </Link>
          <Link to={pathTo('enterpriseSignPage')} className={section.buttonOutlineLight} data-testid="closing-enterprise-cta">
            {t('closing.enterpriseCta')}
          </Link>
        </div>
      </div>
    </section>
  );
}
