import type { DwOption } from '@coffer/contract';
import { Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CoinBadge } from './coin-badge';
import { useChainLabel } from '../i18n/chain-names';
import styles from './coin-chain-select.module.css';

/**
 * Coin and network of a deposit or withdrawal (a customer's, a custody account's). Only the
 * networks open for the direction are offered; a coin with none is listed but cannot be picked.
 * Its words are the recharge screen's (`funds:picker.*`): needs the `funds` namespace loaded.
 */
export function CoinChainSelect({
  options,
  coin,
  chain,
  direction,
  onChange,
  idPrefix,
}: {
  options: DwOption[];
  coin: string;
  chain: string;
  direction: 'deposit' | 'withdraw';
  onChange: (next: { coin: string; chain: string }) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation('funds');
  const chainLabel = useChainLabel();
  const isOpen = (option: DwOption['chains'][number]) => (direction === 'deposit' ? option.depositEnabled : option.withdrawEnabled);
  const openChains = (candidate: DwOption | undefined) => candidate?.chains.filter(isOpen) ?? [];
  const selected = options.find((option) => option.coin === coin);
  const chains = openChains(selected);

  return (
    <div className={styles.fields}>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${idPrefix}-coin`}>
          {t('picker.coin')}
        </label>
        <Select
          id={`${idPrefix}-coin`}
          data-testid={`${idPrefix}-coin`}
          className={styles.coinSelect}
          showSearch={{ optionFilterProp: 'title' }}
          value={coin || undefined}
          placeholder={t('picker.coinPlaceholder')}
          onChange={(next: string) =>
            onChange({ coin: next, chain: openChains(options.find((option) => option.coin === next))[0]?.chain ?? '' })
          }
          options={options.map((option) => ({
            value: option.coin,
            title: `${option.coin} ${option.name}`,
            disabled: openChains(option).length === 0,
            label: <CoinBadge coin={option.coin} icon={option.icon} name={option.name} size="small" />,
          }))}
        />
      </div>
      <div className={styles.field}>
        <span className={styles.label} id={`${idPrefix}-chain-label`}>
          {t('picker.chain')}
        </span>
        {chains.length > 0 ? (
          <Radio.Group
            aria-labelledby={`${idPrefix}-chain-label`}
            data-testid={`${idPrefix}-chain`}
            optionType="button"
            value={chain}
            onChange={(event) => onChange({ coin, chain: String(event.target.value) })}
            options={chains.map((option) => ({ value: option.chain, label: chainLabel(option.chain, option.tokenStandard) }))}
          />
        ) : (
          <p className={styles.none}>{direction === 'deposit' ? t('picker.noDepositChain') : t('picker.noWithdrawChain')}</p>
        )}
      </div>
    </div>
  );
}
