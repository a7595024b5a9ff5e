import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitch } from '../i18n/language-switch';
import { pathTo } from '../routes';
import { BrandMark } from '../ui/brand-mark';
import styles from './site-header.module.css';

export interface SiteNavItem {
  /** An in-page anchor (`#custody`) or a full address. */
  href: string;
  label: string;
}

/**
 * The public site's top bar: brand, optional section navigation, language switch,
 * log in and sign up. Public pages share it; the home page passes its section anchors.
 */
export function SiteHeader({ navItems = [] }: { navItems?: readonly SiteNavItem[] }) {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={pathTo('homePage')} className={styles.brand} aria-label={t('siteHeader.homeLink')}>
          <BrandMark size={34} />
          <span className={styles.brandName}>{tCommon('app.name')}</span>
        </Link>
        {navItems.length > 0 && (
          <nav className={styles.nav} aria-label={t('siteHeader.navLabel')}>
            <ul className={styles.navList}>
              {navItems.map((item) => (
                <li key={item.href}>
                  <a href={item.href} className={styles.navLink}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className={styles.actions}>
          <LanguageSwitch tone="dark" />
          <Link to={pathTo('loginPage')} className={styles.logIn} data-testid="header-log-in">
            {t('siteHeader.logIn')}
          </Link>
          <Link to={pathTo('signPage')} className={styles.signUp} data-testid="header-sign-up">
            {t('siteHeader.signUp')}
          </Link>
        </div>
      </div>
    </header>
  );
}
