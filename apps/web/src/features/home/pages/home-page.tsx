import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { SiteHeader, type SiteNavItem } from '../../../shared/layout/site-header';
import { ClosingCta } from '../components/closing-cta';
import { CustodySection } from '../components/custody-section';
import { HomeBanner } from '../components/home-banner';
import { LoanSection } from '../components/loan-section';
import { PartnersSection } from '../components/partners-section';
import { PaySection } from '../components/pay-section';
import { ResearchSection } from '../components/research-section';
import { TradeSection } from '../components/trade-section';

/** The public home page (spec §2): banner, custody, trade, loan, pay, partners, research, footer. */
export function HomePage() {
  const { t, i18n } = useTranslation('home');

  useEffect(() => {
    document.title = t('documentTitle');
  }, [t, i18n.language]);

  const navItems = useMemo<SiteNavItem[]>(
    () => [
      { href: '#custody', label: t('nav.custody') },
      { href: '#trade', label: t('nav.trade') },
      { href: '#loan', label: t('nav.loan') },
      { href: '#pay', label: t('nav.pay') },
      { href: '#research', label: t('nav.research') },
    ],
    [t],
  );

  return (
    <>
      <SiteHeader navItems={navItems} />
      <main data-testid="home-page">
        <HomeBanner />
        <CustodySection />
        <TradeSection />
        <LoanSection />
        <PaySection />
        <PartnersSection />
        <ResearchSection />
        <ClosingCta />
      </main>
      <SiteFooter />
    </>
  );
}
