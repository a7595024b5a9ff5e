import type { AssetRow, Currency, SessionUser } from '@coffer/contract';

/** Test-only: data shaped like the server's answers. */
export const testSessionUser: SessionUser = {
  userId: '1',
  userNo: '80012345',
  idPrefix: '',
  sessionId: 's1',
  email: 'alice@example.com',
  phone: null,
  countryCode: null,
  twofaGA: true,
  twofaEmail: false,
  twofaPhone: false,
  googleAuth: true,
  havePayPwd: true,
  fiat: 'USD',
  kycLevel: 1,
  accountKind: 'personal',
  inviteCode: 'ABC123',
  ip: '203.0.113.7',
  time: '2026-03-01T08:00:00.000Z',
  lastLoginAt: null,
  withdrawLockedUntil: null,
};

const chain = {
  chain: 'ethereum',
  tokenStandard: 'erc20',
  confirmationsToCredit: 12,
  confirmationsToWithdraw: 12,
  minDeposit: '1',
  minWithdrawal: '10',
  withdrawalFee: '2',
  isDepositEnabled: true,
  isWithdrawalEnabled: true,
};

export const testCurrencies: Currency[] = [
  {
    coin: 'BTC',
    name: 'Bitcoin',
    scale: 8,
    displayPrecision: 8,
    icon: 'btc',
    usdPrice: '97000',
    chains: [{ ...chain, chain: 'bitcoin', tokenStandard: 'native' }],
  },
  { coin: 'USDT', name: 'Tether USD', scale: 6, displayPrecision: 2, icon: 'usdt', usdPrice: '1', chains: [chain] },
  {
    coin: 'XRP',
    name: 'XRP',
    scale: 6,
    displayPrecision: 4,
    icon: 'xrp',
    usdPrice: '2.4',
    chains: [{ ...chain, chain: 'xrpl', tokenStandard: 'native' }],
  },
];

export const testAssetRows: AssetRow[] = [
  {
    coin: 'BTC',
    name: 'Bitcoin',
    icon: 'btc',
    displayPrecision: 8,
    total: '0.012345678',
    available: '0.01',
    frozen: '0.002345678',
    usdValue: '1197.53',
    cnyValue: '8622.21',
  },
  {
    coin: 'USDT',
    name: 'Tether USD',
    icon: 'usdt',
    displayPrecision: 2,
    total: '1234.567891',
    available: '1234.567891',
    frozen: '0',
    usdValue: '1234.56',
    cnyValue: '8888.83',
  },
  {
    coin: 'XRP',
    name: 'XRP',
    icon: 'xrp',
    displayPrecision: 4,
    total: '0.1',
    available: '0.1',
    frozen: '0',
    usdValue: '0.24',
    cnyValue: '1.72',
  },
];

const value = (usdValue: string, rmbValue: string) => ({ usdValue, rmbValue });

export const testSummary = {
  totalAsset: value('2432.33', '17512.76'),
  balance: value('2432.33', '17512.76'),
  bollateral: value('0', '0'),
  borrow: value('0', '0'),
  investment: value('0', '0'),
};
