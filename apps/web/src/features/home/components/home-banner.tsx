import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { BannerVisual } from './banner-visual';
import { HomeIcon } from './home-icon';
import { supportedAssets } from './supported-assets';
import section from './home-section.module.css';
import styles from './home-banner.module.css';

export function HomeBanner() {
  const { t } = useTranslation('home');
  const stats = [
    { key: 'price', value: t('banner.stats.price.value'), label: t('banner.stats.price.label') },
    { key: 'yield', value: t('banner.stats.yield.value'), label: t('banner.stats.yield.label') },
    { key: 'storage', value: t('banner.stats.storage.value'), label: t('banner.stats.storage.label') },
  ];
  return (
    <section className={styles.banner} aria-labelledby="home-banner-title">
      <div className={styles.backdrop} aria-hidden="true" />
      <div className={`${section.container} ${styles.layout}`}>
        <div className={styles.copy}>
          <p className={`${section.eyebrow} ${section.eyebrowOnDark}`}>{t('banner.eyebrow')}</p>
          <h1 id="home-banner-title" className={styles.title}>
            {t('banner.title')}
          </h1>
          <p className={styles.subtitle}>{t('banner.subtitle')}</p>
          <div className={styles.actions}>
            <Link to={pathTo('signPage')} className={section.buttonPrimary} data-testid="banner-personal-cta">
              {t('banner.personalCta')}
              <HomeIcon name="arrowRight" className={section.buttonIcon} />
            </Link>
            <Link to={pathTo('enterpriseSignPage')} className={section.buttonOutlineLight} data-testid="banner-enterprise-cta">
              {t('banner.enterpriseCta')}
            </Link>
          </div>
        </div>
        <BannerVisual />
      </div>
      <div className={section.container}>
        <dl className={styles.trust} aria-label={t('banner.trustLabel')}>
          {stats.map((stat) => (
            <div key={stat.key} className={styles.stat}>
              <dt className={styles.statValue}>{stat.value}</dt>
              <dd className={styles.statLabel}>{stat.label}</dd>
            </div>
          ))}
          <div className={styles.stat}>
            <dt className={styles.assetsLabel}>{t('banner.assetsLabel')}</dt>
            <dd className={styles.assets}>
              {supportedAssets.map((asset) => (
                <span key={asset.ticker} className={styles.asset}>
                  <span className={styles.assetDot} style={{ background: asset.color }} aria-hidden="true" />
                  {asset.ticker}
                </span>
              ))}
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
