import type { DwChainOption } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatExactAmount } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { ShortValue } from '../../../shared/ui/short-value';
import { showToast } from '../../../shared/ui/toast-store';
import { depositAddressQuery } from '../api/get-deposit-address';
import { useDevFaucet } from '../api/request-dev-faucet';
import { useChainLabel } from './chain-label';
import { copyText } from './copy-text';
import styles from './deposit-address-panel.module.css';

/**
 * The customer's deposit address on one network: QR code, address and tag with copy buttons,
 * the tag warning (XRP), minimum and confirmations, and the local chain's test-coin button.
 */
export function DepositAddressPanel({
  coin,
  option,
  hasFaucet,
  onFaucetSent,
}: {
  coin: string;
  option: DwChainOption;
  hasFaucet: boolean;
  onFaucetSent: () => void;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const address = useQuery(depositAddressQuery(coin, option.chain));
  const faucet = useDevFaucet();
  const chainLabel = useChainLabel();
  const copyMessages = { done: t('copy.done'), failed: t('copy.failed') };

  if (address.isError && !address.data)
    return <QueryErrorState namespace="wallet" error={address.error} onRetry={() => void address.refetch()} compact />;
  if (!address.data) {
    return (
      <div className={styles.panel} aria-busy="true">
        <Skeleton.Image active className={styles.qrSkeleton} />
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  }
  const deposit = address.data;
  // A rule (the minimum deposit) in full: a digit cut off would let a deposit fall below it.
  const amount = (value: string) => `${formatExactAmount(coin, value, language)} ${coin}`;

  const handleFaucet = async () => {
    try {
      const sent = await faucet.mutateAsync(coin);
      showToast('success', t('recharge.faucetSent', { amount: `${formatAmount(sent.coin, sent.amount, language)} ${sent.coin}` }));
      onFaucetSent();
    } catch {
      // The HTTP client has said why (the local chain not answering…).
    }
  };

  return (
    <div className={styles.panel} data-testid="deposit-address-panel">
      <figure className={styles.qr}>
        <img src={deposit.qrCode} alt={t('recharge.qrAlt', { coin })} width={180} height={180} data-testid="deposit-qr" />
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
        {deposit.memo !== null || option.needsMemo ? (
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
        <ul className={styles.notes}>
          <li>{t('recharge.noteOnlyCoin', { coin, chain: chainLabel(option.chain, option.tokenStandard) })}</li>
          <li>{t('recharge.noteMinimum', { amount: amount(deposit.minDeposit) })}</li>
          <li>{t('recharge.noteConfirmations', { max: deposit.confirmationsToCredit })}</li>
        </ul>
        {hasFaucet ? (
          <div className={styles.faucet}>
            <Button type="primary" ghost loading={faucet.isPending} onClick={() => void handleFaucet()} data-testid="deposit-faucet">
              {t('recharge.faucet')}
            </Button>
            <span className={styles.faucetHint}>{t('recharge.faucetHint')}</span>
          </div>
        ) : null}
      </div>
    </div>
  );
}
