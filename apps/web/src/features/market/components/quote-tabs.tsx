import { quoteCurrencies, type QuoteCurrency } from '@coffer/contract/market-paths';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { pathTo, type RouteName } from '../../../shared/routes';
import styles from './quote-tabs.module.css';

export const quoteRoutes: Record<QuoteCurrency, RouteName> = {
  USDT: 'propertyCenterQuotationUsdt',
  USDC: 'propertyCenterQuotationUsdc',
  BTC: 'propertyCenterQuotationBtc',
};

/** The quote-currency variants of spec §2 and the crypto index, as navigation tabs. */
export function QuoteTabs({ active }: { active: QuoteCurrency | 'index' }) {
  const { t } = useTranslation('market');
  return (
    <nav className={styles.tabs} aria-label={t('tabs.label')}>
      {quoteCurrencies.map((quote) => (
        <NavLink
          key={quote}
          to={pathTo(quoteRoutes[quote])}
          className={`${styles.tab} ${active === quote ? styles.active : ''}`}
          aria-current={active === quote ? 'page' : undefined}
        >
          {t('tabs.quote', { quote })}
        </NavLink>
      ))}
      <NavLink
        to={pathTo('propertyCenterCryptoIndex')}
        className={`${styles.tab} ${active === 'index' ? styles.active : ''}`}
        aria-current={active === 'index' ? 'page' : undefined}
      >
        {t('tabs.index')}
      </NavLink>
    </nav>
  );
}
