import type { DwChainOption } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { DepositAddressSkeleton, DepositAddressView } from '../../../shared/ui/deposit-address-view';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { showToast } from '../../../shared/ui/toast-store';
import { depositAddressQuery } from '../api/get-deposit-address';
import { useDevFaucet } from '../api/request-dev-faucet';
import styles from './deposit-address-panel.module.css';

/**
 * The customer's deposit address on one network (QR code, address and tag with copy buttons,
 * the tag warning, minimum and confirmations: `DepositAddressView`), and the local chain's
 * test-coin button.
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

  if (address.isError && !address.data)
    return <QueryErrorState namespace="wallet" error={address.error} onRetry={() => void address.refetch()} compact />;
  if (!address.data) return <DepositAddressSkeleton />;

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
    <DepositAddressView deposit={address.data} needsMemo={option.needsMemo} qrAlt={t('recharge.qrAlt', { coin })}>
      {hasFaucet ? (
        <div className={styles.faucet}>
          <Button type="primary" ghost loading={faucet.isPending} onClick={() => void handleFaucet()} data-testid="deposit-faucet">
            {t('recharge.faucet')}
          </Button>
          <span className={styles.faucetHint}>{t('recharge.faucetHint')}</span>
        </div>
      ) : null}
    </DepositAddressView>
  );
}
