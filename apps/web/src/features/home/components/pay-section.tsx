import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { HomeFeatureList } from './home-feature-list';
import { HomeIcon, type HomeIconName } from './home-icon';
import section from './home-section.module.css';
import styles from './pay-section.module.css';

const features = [
  { id: 'card', icon: 'card' },
  { id: 'partners', icon: 'shield' },
  { id: 'transfer', icon: 'send' },
] as const satisfies ReadonlyArray<{ id: string; icon: HomeIconName }>;

export function PaySection() {
  const { t } = useTranslation('home');
  return (
    <section id="pay" className={`${section.section} ${section.onDark} ${styles.pay}`} aria-labelledby="pay-title">
      <div className={`${section.container} ${styles.layout}`}>
        <div className={styles.copy}>
          <p className={section.eyebrow}>{t('pay.eyebrow')}</p>
          <h2 id="pay-title" className={`${section.title} ${styles.title}`}>
            {t('pay.title')}
          </h2>
          <p className={`${section.lead} ${styles.lead}`}>{t('pay.text')}</p>
          <HomeFeatureList
            classes={styles}
            items={features.map((feature) => ({
              ...feature,
              title: t(`pay.features.${feature.id}.title`),
              text: t(`pay.features.${feature.id}.text`),
            }))}
          />
          <Link to={pathTo('signPage')} className={`${section.buttonPrimary} ${styles.cta}`} data-testid="pay-cta">
            {t('pay.cta')}
            <HomeIcon name="arrowRight" className={section.buttonIcon} />
          </Link>
        </div>

        <div className={styles.side}>
          <div className={styles.bankCard} aria-hidden="true">
            <div className={styles.bankCardTop}>
              <span className={styles.chip} />
              <span className={styles.bankCardBrand}>
                <BrandMark size={28} />
              </span>
            </div>
            <span className={styles.bankCardNumber}>
              {[0, 1, 2].map((group) => (
                <span key={group} className={styles.maskedGroup}>
                  <span />
                  <span />
                  <span />
                  <span />
                </span>
              ))}
              <span>2026</span>
            </span>
            <div className={styles.bankCardBottom}>
              <span className={styles.bankCardHolder}>{t('pay.card.holder')}</span>
              <span className={styles.bankCardLabel}>{t('pay.card.label')}</span>
            </div>
          </div>
          <div className={styles.offer}>
            <p className={styles.offerBadge}>{t('pay.offer.badge')}</p>
            <p className={styles.offerTitle}>{t('pay.offer.title')}</p>
            <p className={styles.offerText}>{t('pay.offer.text')}</p>
            <Link to={pathTo('saleAgree')} className={styles.offerTerms}>
              {t('pay.offer.terms')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
