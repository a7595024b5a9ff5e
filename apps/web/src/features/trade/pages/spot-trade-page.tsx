import type { QuoteRequest, SpotOrder, TradePair } from '@coffer/contract';
import { errorCatalogue } from '@coffer/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Card, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { assetsQuery } from '../../../shared/api/get-assets';
import { amountProblem } from '../../../shared/format/amount-input';
import { ApiError } from '../../../shared/http/http-client';
import { pathTo } from '../../../shared/routes';
import { tradePairsQuery } from '../api/get-trade-pairs';
import { usePlaceAndPayOrder } from '../api/place-order';
import { useRequestQuote, type ReceivedQuote } from '../api/request-quote';
import { MarketPrice } from '../components/market-price';
import { QuotePanel } from '../components/quote-panel';
import { RecentTrades } from '../components/recent-trades';
import { payAndReceive, SpotTradeForm, type DraftProblem, type TradeDraft } from '../components/spot-trade-form';
import { TradeErrorState } from '../components/trade-error-state';
import { TradePageFrame } from '../components/trade-page-frame';
import { TradeResult } from '../components/trade-result';
import { useSecondsLeft } from '../components/use-seconds-left';
import styles from './spot-trade-page.module.css';

type Step =
  | { name: 'form' }
  | { name: 'quoted'; request: QuoteRequest; received: ReceivedQuote; isRefusedAsExpired: boolean }
  | { name: 'done'; order: SpotOrder };

/** "12." and ".5" are fine to type; the request carries "12" and "0.5". */
function wireDecimal(amount: string): string {
  const withWhole = amount.startsWith('.') ? `0${amount}` : amount;
  return withWhole.endsWith('.') ? withWhole.slice(0, -1) : withWhole;
}

function initialDraft(pairs: TradePair[], requested: string | null): TradeDraft | null {
  const pair = pairs.find((candidate) => candidate.pair === requested?.toUpperCase()) ?? pairs[0];
  return pair ? { pair: pair.pair, side: 'buy', amountCoin: pair.baseCoin, amount: '' } : null;
}

/**
 * Spot coin-to-coin trade by request for quote (spec §2, §4): a firm price valid for a few
 * seconds, paid on confirmation; an expired quote must be re-quoted.
 */
export function SpotTradePage() {
  const { t } = useTranslation('trade');
  const [params] = useSearchParams();
  const pairs = useQuery(tradePairsQuery);
  const assets = useQuery(assetsQuery());
  const requestQuote = useRequestQuote();
  const placeAndPay = usePlaceAndPayOrder();
  const [editedDraft, setEditedDraft] = useState<TradeDraft | null>(null);
  const [showsProblems, setShowsProblems] = useState(false);
  const [step, setStep] = useState<Step>({ name: 'form' });
  const secondsLeft = useSecondsLeft(
    step.name === 'quoted' ? step.received.deadline : null,
    step.name === 'quoted' ? step.received.quote.validitySeconds : 0,
  );

  const draft = editedDraft ?? initialDraft(pairs.data?.pairs ?? [], params.get('pair'));
  const pair = pairs.data?.pairs.find((candidate) => candidate.pair === draft?.pair);

  const problemOf = (current: TradeDraft, tradePair: TradePair): DraftProblem | null => {
    const scale = current.amountCoin === tradePair.baseCoin ? tradePair.baseScale : tradePair.quoteScale;
    const { payCoin } = payAndReceive(tradePair, current.side);
    const available = current.amountCoin === payCoin ? assets.data?.rows.find((row) => row.coin === payCoin)?.available : undefined;
    const problem = amountProblem(current.amount, scale, available);
    return problem === 'notNumber' ? 'required' : problem;
  };

  const ask = async (request: QuoteRequest) => {
    try {
      const received = await requestQuote.mutateAsync(request);
      setStep({ name: 'quoted', request, received, isRefusedAsExpired: false });
    } catch {
      // The circuit breaker, an amount out of range…: the HTTP client has shown why.
    }
  };

  const handleChange = (next: TradeDraft) => {
    setEditedDraft(next);
    // A quote answers exactly what was asked: any change asks again.
    if (step.name === 'quoted') setStep({ name: 'form' });
  };

  const handleSubmit = () => {
    if (!draft || !pair) return;
    setShowsProblems(true);
    if (problemOf(draft, pair)) return;
    void ask({ pair: draft.pair, side: draft.side, amount: wireDecimal(draft.amount), amountCoin: draft.amountCoin });
  };

  const handleConfirm = async () => {
    if (step.name !== 'quoted') return;
    try {
      const order = await placeAndPay.mutateAsync(step.received.quote.quoteId);
      setStep({ name: 'done', order });
    } catch (error) {
      if (error instanceof ApiError && error.code === errorCatalogue.quoteExpired.code) {
        setStep({ ...step, isRefusedAsExpired: true });
      }
      // Anything else (insufficient balance…) was shown by the HTTP client; the order waits in "my orders".
    }
  };

  let main;
  if (pairs.isError && !pairs.data) {
    main = <TradeErrorState error={pairs.error} onRetry={() => void pairs.refetch()} />;
  } else if (!pairs.data) {
    main = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (!draft || !pair) {
    main = <p className={styles.muted}>{t('spot.noPairs')}</p>;
  } else if (step.name === 'done') {
    main = (
      <TradeResult
        order={step.order}
        onAgain={() => {
          setStep({ name: 'form' });
          setShowsProblems(false);
          setEditedDraft({ ...draft, amount: '' });
        }}
      />
    );
  } else {
    const quoted = step.name === 'quoted' ? step : null;
    main = (
      <SpotTradeForm
        pairs={pairs.data.pairs}
        pair={pair}
        balances={assets.data?.rows}
        draft={draft}
        problem={showsProblems ? problemOf(draft, pair) : null}
        marketPrice={<MarketPrice pair={pair} />}
        isQuoting={requestQuote.isPending}
        isLocked={quoted !== null}
        onChange={handleChange}
        onSubmit={handleSubmit}
        quotePanel={
          quoted ? (
            <QuotePanel
              quote={quoted.received.quote}
              secondsLeft={secondsLeft ?? 0}
              isExpired={quoted.isRefusedAsExpired || secondsLeft === 0}
              isConfirming={placeAndPay.isPending}
              isRequoting={requestQuote.isPending}
              onConfirm={() => void handleConfirm()}
              onRequote={() => void ask(quoted.request)}
              onDiscard={() => setStep({ name: 'form' })}
            />
          ) : null
        }
      />
    );
  }

  return (
    <TradePageFrame
      title={t('spot.title')}
      testId="spot-trade-page"
      actions={
        <>
          <Link to={pathTo('tradeOrders')}>{t('nav.orders')}</Link>
          <Link to={pathTo('tradeAutomaticSwap')}>{t('nav.autoSwap')}</Link>
        </>
      }
    >
      <div className={styles.layout}>
        <Card className={styles.main}>{main}</Card>
        <div className={styles.aside}>
          <Card title={<h2 className={styles.cardTitle}>{t('spot.aboutTitle')}</h2>}>
            <ul className={styles.points}>
              <li>{t('spot.aboutFirm', { seconds: pairs.data?.quoteTtlSeconds ?? '—' })}</li>
              <li>{t('spot.aboutFee')}</li>
              <li>{t('spot.aboutSigned')}</li>
            </ul>
          </Card>
          <Card
            title={<h2 className={styles.cardTitle}>{t('recent.title')}</h2>}
            extra={<Link to={pathTo('tradeOrders')}>{t('recent.all')}</Link>}
          >
            <RecentTrades />
          </Card>
        </div>
      </div>
    </TradePageFrame>
  );
}
