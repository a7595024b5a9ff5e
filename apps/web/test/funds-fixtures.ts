import type {
  DepositAddress,
  DepositRecord,
  DwOption,
  WithdrawCheck,
  WithdrawLimit,
  WithdrawalRecord,
  WithdrawAddress,
} from '@coffer/contract';

/** Test-only: data shaped like the deposits and withdrawals servers' answers. */
const ethereumChain = {
  chain: 'ethereum',
  tokenStandard: 'erc20',
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  needsMemo: false,
  depositEnabled: true,
  withdrawEnabled: true,
  minDeposit: '1',
  confirmationsToCredit: 12,
  confirmationsToWithdraw: 12,
  minWithdrawal: '10',
  withdrawalFee: '2',
};

export const testDwOptions: DwOption[] = [
  { coin: 'USDT', name: 'Tether USD', icon: 'usdt', displayPrecision: 2, chains: [ethereumChain] },
  {
    coin: 'XRP',
    name: 'XRP',
    icon: 'xrp',
    displayPrecision: 4,
    chains: [
      {
        ...ethereumChain,
        chain: 'xrpl',
        tokenStandard: 'native',
        contractAddress: null,
        needsMemo: true,
        minDeposit: '1',
        confirmationsToCredit: 1,
        minWithdrawal: '20',
        withdrawalFee: '0.25',
      },
    ],
  },
  {
    coin: 'BTC',
    name: 'Bitcoin',
    icon: 'btc',
    displayPrecision: 8,
    chains: [
      {
        ...ethereumChain,
        chain: 'bitcoin',
        tokenStandard: 'native',
        contractAddress: null,
        depositEnabled: false,
        withdrawEnabled: false,
        minDeposit: '0.0005',
        confirmationsToCredit: 1,
      },
    ],
  },
];

export const testUsdtAddress: DepositAddress = {
  coin: 'USDT',
  chain: 'ethereum',
  address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  memo: null,
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  minDeposit: '1',
  confirmationsToCredit: 12,
  tokenStandard: 'erc20',
  contractAddress: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
};

export const testXrpAddress: DepositAddress = {
  coin: 'XRP',
  chain: 'xrpl',
  address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  memo: '100042',
  qrCode: 'data:image/png;base64,iVBORw0KGgo=',
  minDeposit: '1',
  confirmationsToCredit: 1,
  tokenStandard: 'native',
  contractAddress: null,
};

export const depositRecord = (overrides: Partial<DepositRecord> = {}): DepositRecord => ({
  kind: 'deposit',
  id: '1',
  time: '2026-03-01T10:00:00.000Z',
  coin: 'USDT',
  chain: 'ethereum',
  amount: '250',
  progress: '3/12',
  confirmations: 3,
  requiredConfirmations: 12,
  status: 3,
  failReason: null,
  address: testUsdtAddress.address,
  memo: null,
  txid: '0x9a0c4d3e2f1b5a6c7d8e9f00112233445566778899aabbccddeeff0011223344',
  blockHeight: 120,
  creditedAt: null,
  ...overrides,
});

export const openCheck: WithdrawCheck = {
  canWithdraw: true,
  forbiddenCode: null,
  lockedUntil: null,
  interceptions: [],
  secondFactor: 'ga',
};

export const usdtLimit: WithdrawLimit = {
  coin: 'USDT',
  chain: 'ethereum',
  scale: 6,
  displayPrecision: 2,
  minWithdrawal: '10',
  fee: '2',
  available: '100',
  maxWithdrawable: '98',
  dailyLimitUsd: '2000',
  dailyUsedUsd: '0',
  dailyRemainingUsd: '2000',
  dailyRemainingCoin: '2000',
  usdPrice: '1',
  largeWithdrawalUsd: '10000',
  confirmationsToWithdraw: 12,
  needsMemo: false,
};

export const xrpLimit: WithdrawLimit = {
  ...usdtLimit,
  coin: 'XRP',
  chain: 'xrpl',
  minWithdrawal: '20',
  fee: '0.25',
  available: '500',
  maxWithdrawable: '499.75',
  dailyRemainingCoin: '800',
  usdPrice: '2.5',
  needsMemo: true,
};

export const withdrawalRecord = (overrides: Partial<WithdrawalRecord> = {}): WithdrawalRecord => ({
  kind: 'withdrawal',
  id: '7',
  serialNumber: 'WD2026030100000007',
  time: '2026-03-01T11:00:00.000Z',
  accountType: 'ordinary',
  coin: 'USDT',
  chain: 'ethereum',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  tag: null,
  amount: '25',
  fee: '2',
  status: 'processing',
  failReason: null,
  txid: null,
  confirmations: 0,
  requiredConfirmations: 12,
  confirmBefore: null,
  completedAt: null,
  ...overrides,
});

export const bookEntry = (overrides: Partial<WithdrawAddress> = {}): WithdrawAddress => ({
  id: '11',
  chain: 'ethereum',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  tag: null,
  note: 'Ledger',
  trusted: false,
  trustedAt: null,
  usableWithoutVerificationAt: null,
  createdAt: '2026-02-20T09:00:00.000Z',
  ...overrides,
});
