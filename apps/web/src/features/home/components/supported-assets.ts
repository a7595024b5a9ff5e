/** Assets Coffer supports at launch (spec §1); tickers are the same in every language. */
export const supportedAssets = [
  { ticker: 'BTC', color: '#f7931a' },
  { ticker: 'ETH', color: '#8a9bf0' },
  { ticker: 'USDT', color: '#26a17b' },
  { ticker: 'USDC', color: '#2f7fd6' },
  { ticker: 'XRP', color: '#aab6c6' },
] as const;
