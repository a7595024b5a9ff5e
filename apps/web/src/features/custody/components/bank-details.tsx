import type { CustodyBankWire } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import common from './custody-console.module.css';
import styles from './custody-billing.module.css';

/** The platform's bank account a wire goes to, with the bill as the reference. */
export function BankDetails({ bank, billId }: { bank: CustodyBankWire; billId?: string }) {
  const { t } = useTranslation('custodyBilling');
  const facts: [string, string][] = [
    [t('detail.bankName'), bank.bankName],
    [t('detail.bankAddress'), bank.bankAddress],
    [t('detail.bankCode'), bank.bankCode],
    [t('detail.swift'), bank.swift],
    [t('detail.accountName'), bank.accountName],
    [t('detail.accountNumber'), bank.accountNumber],
  ];
  return (
    <div data-testid="bill-bank">
      <p className={styles.sourcesTitle}>{t('detail.bankTitle')}</p>
      <dl className={styles.facts}>
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {billId ? <p className={common.muted}>{t('detail.bankReference', { id: billId })}</p> : null}
    </div>
  );
}
