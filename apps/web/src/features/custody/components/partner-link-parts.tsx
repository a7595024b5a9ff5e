import type { CustodyPartnerLink, CustodyPartnerLinked } from '@coffer/contract';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { showToast } from '../../../shared/ui/toast-store';
import styles from './partner-link.module.css';

/** A value the partner copies into its pool's settings, shown whole (never shortened) with its copy button. */
export function CopyableValue({ value, label, testId }: { value: string; label: string; testId: string }) {
  const { t } = useTranslation('custodyPool');
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast('success', t('partner.copied', { what: label }));
    } catch {
      showToast('error', t('partner.copyFailed'));
    }
  };
  return (
    <span className={styles.copyable}>
      <code className={styles.value} data-testid={testId}>
        {value}
      </code>
      <Button size="small" onClick={() => void handleCopy()} aria-label={t('partner.copyLabel', { what: label })}>
        {t('partner.copy')}
      </Button>
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Whose account the partner pays into, for which coin and network, and until when the link works. */
export function PartnerLinkFacts({ link }: { link: CustodyPartnerLink | CustodyPartnerLinked }) {
  const { t } = useTranslation('custodyPool');
  const language = useLanguage();
  const chainName = useChainName();
  return (
    <dl className={styles.facts} data-testid="partner-facts">
      <Fact label={t('partner.organisation')}>{link.organisationName}</Fact>
      <Fact label={t('partner.account')}>{link.accountName}</Fact>
      <Fact label={t('partner.partner')}>{link.partnerName}</Fact>
      <Fact label={t('partner.coinNetwork')}>{t('partner.coinOnNetwork', { coin: link.coin, network: chainName(link.chain) })}</Fact>
      {'expiresAt' in link ? <Fact label={t('partner.validUntil')}>{formatDateTime(link.expiresAt, language)}</Fact> : null}
      {'linkedAt' in link ? <Fact label={t('partner.linkedAt')}>{formatDateTime(link.linkedAt, language)}</Fact> : null}
    </dl>
  );
}

/** Where payouts must go: the custody account's deposit address (and tag), with its QR code while the link is open. */
export function PayoutDestination({ link }: { link: CustodyPartnerLink | CustodyPartnerLinked }) {
  const { t } = useTranslation('custodyPool');
  const chainName = useChainName();
  return (
    <section className={styles.destination} aria-labelledby="partner-destination-title" data-testid="partner-destination">
      <div className={styles.destinationText}>
        <h2 id="partner-destination-title" className={styles.sectionTitle}>
          {t('partner.sendTo', { coin: link.coin, network: chainName(link.chain) })}
        </h2>
        <CopyableValue value={link.depositAddress} label={t('partner.depositAddress')} testId="partner-deposit-address" />
        {link.memo !== null ? (
          <div className={styles.memo}>
            <span className={styles.label}>{t('partner.memo')}</span>
            <CopyableValue value={link.memo} label={t('partner.memo')} testId="partner-memo" />
            <p className={styles.warning}>{t('partner.memoWarning')}</p>
          </div>
        ) : null}
        <p className={styles.note}>
          {t('partner.creditRule', { min: link.minDeposit, coin: link.coin, confirmations: link.confirmationsToCredit })}
        </p>
      </div>
      {'qrCode' in link ? <img className={styles.qr} src={link.qrCode} alt={t('partner.qrAlt')} width={132} height={132} /> : null}
    </section>
  );
}
