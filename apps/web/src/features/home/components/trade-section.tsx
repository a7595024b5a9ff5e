import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatAmount } from '../../../shared/format/figures';
import { pathTo } from '../../../shared/routes';
import { HomeFeatureList } from './home-feature-list';
import { HomeIcon, type HomeIconName } from './home-icon';
import section from './home-section.module.css';
import styles from './trade-section.module.css';

const features = [
  { id: 'rfq', icon: 'exchange' },
  { id: 'firmQuote', icon: 'timer' },
  { id: 'autoSwap', icon: 'swap' },
  { id: 'markets', icon: 'chart' },
] as const satisfies ReadonlyArray<{ id: string; icon: HomeIconName }>;

/** Example amounts for the illustration: a stablecoin pair, so the picture never looks out of date. */
const examplePay = '10000';
const exampleReceive = '9998.5';

function QuoteIllustration() {
  const { t, i18n } = useTranslation('home');
  return (
    <div className={styles.mock} aria-hidden="true">
      <div className={styles.mockHead}>
        <span className={styles.mockTitle}>{t('trade.mock.title')}</span>
        <span className={styles.live} />
      </div>
      <div className={styles.leg}>
        <span className={styles.legLabel}>{t('trade.mock.pay')}</span>
        <span className={styles.legRow}>
          <span className={styles.legAmount}>{formatAmount('USDT', examplePay, i18n.language)}</span>
          <span className={styles.token}>
            <span className={styles.tokenDot} style={{ background: '#26a17b' }} />
            USDT
          </span>
        </span>
      </div>
      <div className={styles.switch}>
        <HomeIcon name="exchange" />
      </div>
      <div className={`${styles.leg} ${styles.legReceive}`}>
        <span className={styles.legLabel}>{t('trade.mock.receive')}</span>
        <span className={styles.legRow}>
          <span className={styles.legAmount}>{formatAmount('USDC', exampleReceive, i18n.language)}</span>
          <span className={styles.token}>
            <span className={styles.tokenDot} style={{ background: '#2f7fd6' }} />
            USDC
          </span>
        </span>
      </div>
      <div className={styles.validity}>
        <svg className={styles.ring} viewBox="0 0 40 40">
          <circle cx="20" cy="20" r="16" fill="none" stroke="#e3e8ef" strokeWidth="3.5" />
          <circle
            cx="20"
            cy="20"
            r="16"
            fill="none"
            stroke="#d4a73c"
            strokeWidth="3.5"
            strokeLinecap="round"
            pathLength="100"
            strokeDasharray="100"
            strokeDashoffset="20"
            transform="rotate(-90 20 20)"
          />
        </svg>
        <span className={styles.validityLabel}>{t('trade.mock.validity')}</span>
        <span className={styles.validityValue}>{t('trade.mock.seconds')}</span>
      </div>
      <div className={styles.confirm}>{t('trade.mock.confirm')}</div>
    </div>
  );
}

export function TradeSection() {
  const { t } = useTranslation('home');
  return (
    <section id="trade" className={`${section.section} ${section.canvas}`} aria-labelledby="trade-title">
      <div className={`${section.container} ${styles.layout}`}>
        <div className={styles.stage}>
          <QuoteIllustration />
        </div>
        <div className={styles.copy}>
          <p className={section.eyebrow}>{t('trade.eyebrow')}</p>
          <h2 id="trade-title" className={section.title}>
            {t('trade.title')}
          </h2>
          <p className={section.lead}>{t('trade.text')}</p>
          <p className={styles.highlight}>
            <HomeIcon name="growth" className={styles.highlightIcon} />
            {t('trade.highlight')}
          </p>
          <HomeFeatureList
            classes={styles}
            items={features.map((feature) => ({
              ...feature,
              title: t(`trade.features.${feature.id}.title`),
              text: t(`trade.features.${feature.id}.text`),
            }))}
          />
          <Link to={pathTo('signPage')} className={`${section.buttonDark} ${styles.cta}`} data-testid="trade-cta">
            {t('trade.cta')}
            <HomeIcon name="arrowRight" className={section.buttonIcon} />
          </Link>
        </div>
      </div>
    </section>
  );
}
