import type { Quote } from '@coffer/contract';
import { errorMessage } from '@coffer/contract/errors';
import { Alert, Button, Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { SideLabel } from './status-tags';
import { feeRatePercent, formatFirmAmount, formatPairPrice } from './trade-format';
import { useTradeLanguage } from './trade-locale';
import styles from './quote-panel.module.css';

/**
 * A firm quote: unit price, what is paid and received, the fee, and the seconds it stays
 * payable. Once it lapses (or the server refuses it as expired) only "re-quote" remains.
 * A large order settled through the liquidity channel says so before it is paid.
 */
export function QuotePanel({
  quote,
  secondsLeft,
  isExpired,
  isConfirming,
  isRequoting,
  onConfirm,
  onRequote,
  onDiscard,
}: {
  quote: Quote;
  secondsLeft: number;
  isExpired: boolean;
  isConfirming: boolean;
  isRequoting: boolean;
  onConfirm: () => void;
  onRequote: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const percent = quote.validitySeconds > 0 ? Math.round((secondsLeft / quote.validitySeconds) * 100) : 0;

  return (
    <section className={styles.panel} aria-label={t('quote.title')} data-testid="quote-panel">
      <header className={styles.head}>
        <h2 className={styles.title}>
          {t('quote.title')} · <SideLabel side={quote.side} /> {quote.pair}
        </h2>
        {isExpired ? null : (
          <div className={styles.countdown} role="timer" aria-live="off" data-testid="quote-countdown">
            <span>{t('quote.validFor', { seconds: secondsLeft })}</span>
            <Progress percent={percent} showInfo={false} size="small" strokeColor={secondsLeft <= 3 ? 'var(--color-failed)' : undefined} />
          </div>
        )}
      </header>

      <dl className={styles.terms}>
        <div>
          <dt>{t('quote.price')}</dt>
          <dd data-testid="quote-price">
            1 {quote.baseCoin} = {formatPairPrice(quote.price, quote.pair, language)}
          </dd>
        </div>
        <div>
          <dt>{t('quote.pay')}</dt>
          <dd data-testid="quote-pay">{formatFirmAmount(quote.payAmount, quote.payCoin, language)}</dd>
        </div>
        <div>
          <dt>{t('quote.receive')}</dt>
          <dd data-testid="quote-receive" className={styles.receive}>
            {formatFirmAmount(quote.receiveAmount, quote.receiveCoin, language)}
          </dd>
        </div>
        <div>
          <dt>{t('quote.fee', { rate: feeRatePercent(quote.feeRate, language) })}</dt>
          <dd data-testid="quote-fee">{formatFirmAmount(quote.fee, quote.feeCoin, language)}</dd>
        </div>
      </dl>

      {quote.settlement === 'channel' ? (
        <Alert type="info" showIcon title={t('quote.channelNotice')} data-testid="quote-channel-notice" />
      ) : null}

      {isExpired ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={errorMessage('quoteExpired', language)}
          data-testid="quote-expired"
          action={
            <Button type="primary" onClick={onRequote} loading={isRequoting} data-testid="quote-requote">
              {t('quote.requote')}
            </Button>
          }
        />
      ) : (
        <div className={styles.actions}>
          <Button onClick={onDiscard} disabled={isConfirming} data-testid="quote-discard">
            {t('quote.discard')}
          </Button>
          <Button type="primary" onClick={onConfirm} loading={isConfirming} data-testid="quote-confirm">
            {t('quote.confirm')}
          </Button>
        </div>
      )}
      <p className={styles.note}>{t('quote.note')}</p>
    </section>
  );
}
