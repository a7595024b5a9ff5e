import type { AssetRow, TradePair, TradeSide } from '@coffer/contract';
import { Button, Form, Input, Segmented, Select, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCoinAmount } from './trade-format';
import { acceptAmountInput } from './amount-field';
import { useTradeLanguage } from './trade-locale';
import styles from './spot-trade-form.module.css';

/** What the customer is about to ask a quote for. */
export interface TradeDraft {
  pair: string;
  side: TradeSide;
  /** The coin the amount is written in: either coin of the pair. */
  amountCoin: string;
  amount: string;
}

export type DraftProblem = 'required' | 'notPositive' | 'tooManyDecimals' | 'overAvailable';

/** The coin paid and the coin received on each side of a pair. */
export function payAndReceive(pair: TradePair, side: TradeSide): { payCoin: string; receiveCoin: string } {
  return side === 'buy' ? { payCoin: pair.quoteCoin, receiveCoin: pair.baseCoin } : { payCoin: pair.baseCoin, receiveCoin: pair.quoteCoin };
}

/**
 * Pair, buy/sell, an amount in either coin (typed only as a decimal the coin can carry), the
 * available balances of both coins, and "get quote".
 */
export function SpotTradeForm({
  pairs,
  pair,
  balances,
  draft,
  problem,
  marketPrice,
  isQuoting,
  isLocked,
  onChange,
  onSubmit,
  quotePanel,
}: {
  pairs: TradePair[];
  pair: TradePair;
  balances: AssetRow[] | undefined;
  draft: TradeDraft;
  problem: DraftProblem | null;
  marketPrice: ReactNode;
  isQuoting: boolean;
  /** While a quote is shown: changing anything discards it, so the button is replaced by the quote. */
  isLocked: boolean;
  onChange: (next: TradeDraft) => void;
  onSubmit: () => void;
  quotePanel: ReactNode;
}) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const { payCoin, receiveCoin } = payAndReceive(pair, draft.side);
  const scale = draft.amountCoin === pair.baseCoin ? pair.baseScale : pair.quoteScale;
  const payBalance = balances?.find((row) => row.coin === payCoin)?.available;
  const isAmountInPayCoin = draft.amountCoin === payCoin;

  const problemText =
    problem === 'tooManyDecimals'
      ? t('spot.errors.tooManyDecimals', { coin: draft.amountCoin, decimals: scale })
      : problem === 'overAvailable'
        ? t('spot.errors.overAvailable', { coin: payCoin })
        : problem === 'notPositive'
          ? t('spot.errors.notPositive')
          : problem === 'required'
            ? t('spot.errors.amountRequired')
            : null;

  const amountMeaning = t(`spot.amountMeaning.${draft.side}${isAmountInPayCoin ? 'Pay' : 'Receive'}`, { coin: draft.amountCoin });

  return (
    <Form layout="vertical" requiredMark={false} className={styles.form} onFinish={onSubmit} data-testid="spot-form">
      <Tabs
        activeKey={draft.side}
        onChange={(side) => onChange({ ...draft, side: side as TradeSide })}
        items={[
          { key: 'buy', label: <span data-testid="spot-side-buy">{t('spot.buy', { coin: pair.baseCoin })}</span> },
          { key: 'sell', label: <span data-testid="spot-side-sell">{t('spot.sell', { coin: pair.baseCoin })}</span> },
        ]}
        className={styles.tabs}
      />

      <Form.Item label={t('spot.pair')} htmlFor="spot-pair">
        <Select
          id="spot-pair"
          data-testid="spot-pair"
          showSearch
          value={draft.pair}
          onChange={(next: string) => {
            const chosen = pairs.find((candidate) => candidate.pair === next);
            if (!chosen) return;
            // The amount keeps its meaning only within a pair: it starts again empty.
            onChange({ ...draft, pair: next, amountCoin: chosen.baseCoin, amount: '' });
          }}
          options={pairs.map((candidate) => ({ value: candidate.pair, label: candidate.pair }))}
        />
      </Form.Item>

      <div className={styles.marketPrice}>{marketPrice}</div>

      <Form.Item
        label={t('spot.amount')}
        htmlFor="spot-amount"
        validateStatus={problemText ? 'error' : undefined}
        help={problemText ?? amountMeaning}
      >
        <div className={styles.amountRow}>
          <Input
            id="spot-amount"
            data-testid="spot-amount"
            inputMode="decimal"
            autoComplete="off"
            value={draft.amount}
            placeholder={t('spot.amountPlaceholder', { coin: draft.amountCoin })}
            onChange={(event) => {
              const accepted = acceptAmountInput(event.target.value, scale);
              if (accepted !== null) onChange({ ...draft, amount: accepted });
            }}
            suffix={
              isAmountInPayCoin ? (
                <Button
                  type="link"
                  size="small"
                  className={styles.all}
                  disabled={payBalance === undefined}
                  onClick={() => payBalance !== undefined && onChange({ ...draft, amount: payBalance })}
                  data-testid="spot-all"
                >
                  {t('spot.all')}
                </Button>
              ) : null
            }
          />
          <Segmented
            aria-label={t('spot.amountCoin')}
            data-testid="spot-amount-coin"
            value={draft.amountCoin}
            onChange={(coin) => onChange({ ...draft, amountCoin: String(coin), amount: '' })}
            options={[pair.baseCoin, pair.quoteCoin]}
          />
        </div>
      </Form.Item>

      <dl className={styles.balances} data-testid="spot-balances">
        {[payCoin, receiveCoin].map((coin) => {
          const available = balances?.find((row) => row.coin === coin)?.available;
          return (
            <div key={coin} className={styles.balance} data-testid={`spot-balance-${coin}`}>
              <dt>{t('spot.available', { coin })}</dt>
              <dd>{available !== undefined ? formatCoinAmount(available, coin, language) : '—'}</dd>
            </div>
          );
        })}
      </dl>

      {isLocked ? (
        quotePanel
      ) : (
        <Button type="primary" htmlType="submit" block loading={isQuoting} data-testid="spot-get-quote">
          {t('spot.getQuote')}
        </Button>
      )}
    </Form>
  );
}
