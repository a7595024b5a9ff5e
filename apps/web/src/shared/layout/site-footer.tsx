import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo, type RouteName } from '../routes';
import { BrandMark } from '../ui/brand-mark';
import styles from './site-footer.module.css';

const columns = [
  {
    id: 'products',
    title: 'siteFooter.products.title',
    links: [
      { label: 'siteFooter.products.custody', route: 'custodyApply' },
      { label: 'siteFooter.products.spot', route: 'tradeSpot' },
      { label: 'siteFooter.products.autoSwap', route: 'tradeAutomaticSwap' },
      { label: 'siteFooter.products.loan', route: 'loanOrder' },
      { label: 'siteFooter.products.markets', route: 'propertyCenterQuotation' },
      { label: 'siteFooter.products.index', route: 'propertyCenterCryptoIndex' },
      { label: 'siteFooter.products.buyCrypto', route: 'propertyBuyCryptoMobile' },
    ],
  },
  {
    id: 'support',
    title: 'siteFooter.support.title',
    links: [
      { label: 'siteFooter.support.logIn', route: 'loginPage' },
      { label: 'siteFooter.support.personal', route: 'signPage' },
      { label: 'siteFooter.support.enterprise', route: 'enterpriseSignPage' },
      { label: 'siteFooter.support.forgotPassword', route: 'forgotPassword' },
      { label: 'siteFooter.support.research', route: 'propertyMarketResearchMobile' },
      { label: 'siteFooter.support.invite', route: 'invitePageIndex' },
    ],
  },
  {
    id: 'legal',
    title: 'siteFooter.legal.title',
    links: [
      { label: 'siteFooter.legal.userAgreement', route: 'userAgreement' },
      { label: 'siteFooter.legal.privacyPolicy', route: 'privacyPolicy' },
      { label: 'siteFooter.legal.saleAgree', route: 'saleAgree' },
      { label: 'siteFooter.legal.salePrivacy', route: 'salePrivacy' },
    ],
  },
] as const satisfies ReadonlyArray<{
  id: string;
  title: string;
  links: ReadonlyArray<{ label: string; route: RouteName }>;
}>;

/** The public site's footer: brand, product/support/legal links, risk warning and notices. */
export function SiteFooter() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brandColumn}>
            <Link to={pathTo('homePage')} className={styles.brand} aria-label={t('siteHeader.homeLink')}>
              <BrandMark size={32} />
              <span className={styles.brandName}>{tCommon('app.name')}</span>
            </Link>
            <p className={styles.tagline}>{t('siteFooter.tagline')}</p>
          </div>
          {columns.map((column) => (
            <nav key={column.id} className={styles.column} aria-labelledby={`site-footer-${column.id}`}>
              <h2 id={`site-footer-${column.id}`} className={styles.columnTitle}>
                {t(column.title)}
              </h2>
              <ul className={styles.links}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    <Link to={pathTo(link.route)} className={styles.link}>
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className={styles.notices}>
          <p className={styles.risk}>{t('siteFooter.risk')}</p>
          <p className={styles.regions}>{t('siteFooter.regions')}</p>
        </div>
        <div className={styles.bottom}>
          <p className={styles.copyright}>{t('siteFooter.copyright')}</p>
        </div>
      </div>
    </footer>
  );
}
