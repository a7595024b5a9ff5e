import type { EndpointBody, EndpointQuery, EndpointResponse } from '@coffer/contract/endpoint';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { createSignedCaller, type CofferClientOptions, type SignedCaller } from './client';

type Trade = typeof tradeEndpoints;
type Wallet = typeof walletEndpoints;
type Withdrawals = typeof withdrawalEndpoints;

export interface CofferClient extends SignedCaller {
  /** Total assets and their valuation (spec §3). */
  assetSummary(): Promise<EndpointResponse<Wallet['headAsset']>>;
  /** The balance account: one row per coin, and the summary. */
  balances(query?: EndpointQuery<Wallet['bitAssets']>): Promise<EndpointResponse<Wallet['bitAssets']>>;
  /** A firm, signed quote, valid for a few seconds: e.g. `{ pair: 'BTC/USDT', side: 'buy', amount: '10', amountCoin: 'USDT' }`. */
  requestQuote(body: EndpointBody<Trade['quote']>): Promise<EndpointResponse<Trade['quote']>>;
  /** An order from a quote, pending payment. */
  placeOrder(quoteId: string): Promise<EndpointResponse<Trade['placeOrder']>>;
  /** Pays and settles an order while its quote is valid. */
  payOrder(orderNo: string): Promise<EndpointResponse<Trade['payOrder']>>;
  /** One order with its signed receipt. */
  order(orderNo: string): Promise<EndpointResponse<Trade['order']>>;
  /** The customer's orders, newest first. */
  orders(query?: EndpointQuery<Trade['orders']>): Promise<EndpointResponse<Trade['orders']>>;
  /** A withdrawal of `coin` on `chain` (idempotent by `body.requestId`); needs the key's withdraw right. */
  withdraw(coin: string, chain: string, body: EndpointBody<Withdrawals['withdraw']>): Promise<EndpointResponse<Withdrawals['withdraw']>>;
  /** Withdrawal records, newest first. */
  withdrawals(query?: EndpointQuery<Withdrawals['withdrawals']>): Promise<EndpointResponse<Withdrawals['withdrawals']>>;
}

/** A client for Coffer's customer API whose every request is signed with the customer's Ed25519 key. */
export function createCofferClient(options: CofferClientOptions): CofferClient {
  const caller = createSignedCaller(options);
  const { call } = caller;
  return {
    publicKey: caller.publicKey,
    call,
    assetSummary: () => call(walletEndpoints.headAsset),
    balances: (query) => call(walletEndpoints.bitAssets, { query }),
    requestQuote: (body) => call(tradeEndpoints.quote, { body }),
    placeOrder: (quoteId) => call(tradeEndpoints.placeOrder, { body: { quoteId } }),
    payOrder: (orderNo) => call(tradeEndpoints.payOrder, { params: { orderNo } }),
    order: (orderNo) => call(tradeEndpoints.order, { params: { orderNo } }),
    orders: (query) => call(tradeEndpoints.orders, { query }),
    withdraw: (coin, chain, body) => call(withdrawalEndpoints.withdraw, { params: { coin, chain }, body }),
    withdrawals: (query) => call(withdrawalEndpoints.withdrawals, { query }),
  };
}
