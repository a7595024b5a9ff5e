import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { HomeIcon } from './home-icon';
import section from './home-section.module.css';
import styles from './loan-section.module.css';

const borrowPoints = ['collateral', 'payout', 'track'] as const;
const earnProducts = [
  { id: 'fixed', icon: 'coins' },
  { id: 'dual', icon: 'exchange' },
] as const;

/** Example loan-to-value for the illustration. */
const exampleLoanToValue = 0.5;

function LoanToValueMeter() {
  const { t, i18n } = useTranslation('home');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(exampleLoanToValue);
  return (
    <div className={styles.meter} aria-hidden="true">
      <div className={styles.meterHead}>
        <span className={styles.meterTitle}>{t('loan.borrow.meter.title')}</span>
        <span className={styles.meterValue}>{percent}</span>
      </div>
      <div className={styles.meterTrack}>
        <span className={styles.meterFill} style={{ width: `${exampleLoanToValue * 100}%` }} />
      </div>
      <div className={styles.meterLegend}>
        <span className={styles.legendItem}>
          <span className={`${styles.legendDot} ${styles.legendLoan}`} />
          {t('loan.borrow.meter.loan')} · USDT
        </span>
        <span className={styles.legendItem}>
          <span className={`${styles.legendDot} ${styles.legendCollateral}`} />
          {t('loan.borrow.meter.collateral')} · BTC
        </span>
      </div>
    </div>
  );
}

export function LoanSection() {
  const { t } = useTranslation('home');
  return (
    <section id="loan" className={`${section.section} ${section.surface}`} aria-labelledby="loan-title">
      <div className={section.container}>
        <div className={section.centeredHead}>
          <p className={section.eyebrow}>{t('loan.eyebrow')}</p>
          <h2 id="loan-title" className={section.title}>
            {t('loan.title')}
          </h2>
          <p className={section.lead}>{t('loan.text')}</p>
        </div>
        <div className={styles.cards}>
          <article className={`${styles.card} ${styles.borrow}`} aria-labelledby="loan-borrow-title">
            <span className={section.iconTile}>
              <HomeIcon name="coins" />
            </span>
            <h3 id="loan-borrow-title" className={styles.cardTitle}>
              {t('loan.borrow.title')}
            </h3>
            <p className={styles.cardText}>{t('loan.borrow.text')}</p>
            <ul className={styles.points}>
              {borrowPoints.map((point) => (
                <li key={point} className={styles.point}>
                  <span className={styles.check}>
                    <HomeIcon name="check" />
                  </span>
                  {t(`loan.borrow.points.${point}`)}
                </li>
              ))}
            </ul>
            <LoanToValueMeter />
            <Link to={pathTo('signPage')} className={`${section.buttonDark} ${styles.cta}`} data-testid="loan-borrow-cta">
              {t('loan.borrow.cta')}
              <HomeIcon name="arrowRight" className={section.buttonIcon} />
            </Link>
          </article>

          <article className={`${styles.card} ${styles.earn}`} aria-labelledby="loan-earn-title">
            <div className={styles.earnHead}>
              <h3 id="loan-earn-title" className={styles.cardTitle}>
                {t('loan.earn.title')}
              </h3>
              <p className={styles.rate}>
                <span className={styles.rateValue}>{t('loan.earn.value')}</span>
                <span className={styles.rateLabel}>{t('loan.earn.valueLabel')}</span>
              </p>
            </div>
            <ul className={styles.products}>
              {earnProducts.map((product) => (
                <li key={product.id} className={styles.product}>
                  <span className={styles.productIcon}>
                    <HomeIcon name={product.icon} />
                  </span>
                  <div>
                    <h4 className={styles.productTitle}>{t(`loan.earn.${product.id}.title`)}</h4>
                    <p className={styles.productText}>{t(`loan.earn.${product.id}.text`)}</p>
                  </div>
                </li>
              ))}
            </ul>
            <Link to={pathTo('signPage')} className={`${section.buttonPrimary} ${styles.cta}`} data-testid="loan-earn-cta">
              {t('loan.earn.cta')}
              <HomeIcon name="arrowRight" className={section.buttonIcon} />
            </Link>
            <p className={styles.note}>{t('loan.earn.note')}</p>
          </article>
        </div>
      </div>
    </section>
  );
}
