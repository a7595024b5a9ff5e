import type { DepositAddress } from '@coffer/contract';
import { Alert, Button, Descriptions, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../format/figures';
import { useChainLabel } from '../i18n/chain-names';
import { useLanguage } from '../i18n/use-language';
import { copyText } from './copy-text';
import { ShortValue } from './short-value';
import styles from './deposit-address-view.module.css';

/**
 * A deposit address on one network as an exchange shows it: QR code, address and tag/memo with
 * copy buttons, the tag warning where the network shares addresses (XRP), minimum deposit and
 * confirmations, and the warnings (only this coin on this network, below the minimum, when it
 * is credited). Used for a customer's own address and for a custody account's; `extraNotes`
 * and `children` (a test-coin button) add what one of them needs. Its words are the recharge
 * screen's (`funds:recharge.*`, `funds:copy.*`): needs the `funds` namespace loaded.
 */
export function DepositAddressView({
  deposit,
  needsMemo,
  qrAlt,
  extraNotes = [],
  children,
}: {
  deposit: DepositAddress;
  /** The network takes a tag/memo: its block shows even before the address has one. */
  needsMemo: boolean;
  /** Says whose address the QR code is, for screen readers. */
  qrAlt: string;
  extraNotes?: string[];
  children?: ReactNode;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const chainLabel = useChainLabel();
  const copyMessages = { done: t('copy.done'), failed: t('copy.failed') };
  const { coin } = deposit;
  // A rule (the minimum deposit) in full: a digit cut off would let a deposit fall below it.
  const amount = (value: string) => `${formatExactAmount(coin, value, language)} ${coin}`;

  return (
    <div className={styles.panel} data-testid="deposit-address-panel">
      <figure className={styles.qr}>
        <img src={deposit.qrCode} alt={qrAlt} width={180} height={180} data-testid="deposit-qr" />
        <figcaption className={styles.qrCaption}>{t('recharge.qrCaption')}</figcaption>
      </figure>
      <div className={styles.details}>
        <div className={styles.block}>
          <span className={styles.blockLabel}>{t('recharge.address')}</span>
          <div className={styles.valueRow}>
            <code className={styles.address} data-testid="deposit-address">
              {deposit.address}
            </code>
            <Button onClick={() => void copyText(deposit.address, copyMessages)} data-testid="deposit-copy-address">
              {t('copy.button')}
            </Button>
          </div>
        </div>
        {deposit.memo !== null || needsMemo ? (
          <div className={styles.block}>
            <span className={styles.blockLabel}>{t('recharge.memo')}</span>
            <div className={styles.valueRow}>
              <code className={styles.address} data-testid="deposit-memo">
                {deposit.memo ?? '—'}
              </code>
              {deposit.memo ? (
                <Button onClick={() => void copyText(deposit.memo ?? '', copyMessages)} data-testid="deposit-copy-memo">
                  {t('copy.button')}
                </Button>
              ) : null}
            </div>
            <Alert
              type="warning"
              showIcon
              className={styles.memoWarning}
              title={t('recharge.memoWarningTitle')}
              description={t('recharge.memoWarning')}
              data-testid="deposit-memo-warning"
            />
          </div>
        ) : null}
        <Descriptions
          column={1}
          size="small"
          className={styles.facts}
          items={[
            {
              key: 'min',
              label: t('recharge.minDeposit'),
              children: (
                <span className={styles.number} data-testid="deposit-minimum">
                  {amount(deposit.minDeposit)}
                </span>
              ),
            },
            {
              key: 'confirmations',
              label: t('recharge.confirmations'),
              children: (
                <span className={styles.number} data-testid="deposit-confirmations">
                  {deposit.confirmationsToCredit}
                </span>
              ),
            },
            ...(deposit.contractAddress
              ? [{ key: 'contract', label: t('recharge.contract'), children: <ShortValue value={deposit.contractAddress} keep={6} /> }]
              : []),
          ]}
        />
        <ul className={styles.notes} data-testid="deposit-notes">
          <li>{t('recharge.noteOnlyCoin', { coin, chain: chainLabel(deposit.chain, deposit.tokenStandard) })}</li>
          <li>{t('recharge.noteMinimum', { amount: amount(deposit.minDeposit) })}</li>
          <li>{t('recharge.noteConfirmations', { max: deposit.confirmationsToCredit })}</li>
          {extraNotes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
        {children}
      </div>
    </div>
  );
}

/** The panel while its address loads: the QR code's square and the lines beside it. */
export function DepositAddressSkeleton() {
  return (
    <div className={styles.panel} aria-busy="true" data-testid="deposit-address-loading">
      <Skeleton.Image active className={styles.qrSkeleton} />
      <Skeleton active paragraph={{ rows: 4 }} />
    </div>
  );
}
