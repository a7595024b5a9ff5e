/** Business constants and limits of spec §9. Amounts are decimal strings, never floats. */
export const limits = {
  requestTimeoutMs: 30_000,
  chunkLoadTimeoutMs: 120_000,
  codeResendWaitSeconds: 60,
  desktopMinWidthPx: 1349,
  withdrawalLockHours: 24,
  initialDailyWithdrawalLimitUsd: '2000',
  billDownloadMonths: 3,
  apiKeysPerUser: 10,
  boundIpsPerApiGroup: 10,
  apiChangeEffectSeconds: 60,
  addressesPerCustodyAccount: 200,
  custodyNoteMaxChars: 150,
  addressNoteMaxChars: 10,
  xrpTagMaxChars: 10,
  btcDepositMinimum: '0.0005',
  btcConfirmationsToCredit: 1,
  btcConfirmationsToWithdraw: 6,
  buyCryptoPriceMovePercent: '2.5',
  largeWithdrawalConfirmHours: 5,
  kycMinAge: 18,
  kycMaxAge: 70,
  kycImageMinBytes: 20 * 1024,
  kycImageMaxBytes: 5 * 1024 * 1024,
  kycVideoMaxSeconds: 120,
  fundPasswordDigits: 6,
  loginPasswordMinChars: 8,
  loginPasswordMaxChars: 20,
  phoneMaxDigits: 15,
  emailMaxChars: 30,
  fractionalInputDefaultDecimals: 2,
} as const;

/** Layout scaling of spec §9: base width 1460, minimum 1340, base font 32. */
export const layoutScaling = {
  baseWidthPx: 1460,
  minWidthPx: 1340,
  baseFontPx: 32,
} as const;

export const fiatCurrencies = ['USD', 'CNY'] as const;
export type FiatCurrency = (typeof fiatCurrencies)[number];
export const defaultFiat: FiatCurrency = 'USD';

/** Restricted regions of spec §8/§9 (ISO 3166-1 alpha-2); Cuba is restricted for swap too. */
export const restrictedRegions = ['US', 'KP', 'IR', 'CU', 'PR', 'GU', 'VI', 'AS', 'MP', 'UM'] as const;

/** Bill type codes of spec §9. */
export const billTypes = {
  deposit: 2001,
  withdrawal: 2002,
  transferIn: 2003,
  transferOut: 2004,
  tradeBuy: 2007,
  tradeSell: 2008,
  distribution: 2154,
  other: 3000,
  tradeReturn: 4004,
  collateralRepayment: 4006,
} as const;

/** Security-history operation codes of spec §9. */
export const securityOperations = {
  register: 1000,
  bindAuthenticator: 1001,
  changeAuthenticator: 1002,
  changeLoginPassword: 1003,
  resetLoginPassword: 1004,
  bindPhone: 1005,
  bindEmail: 1006,
  changePhone: 1007,
  setPaymentPassword: 1008,
  resetPaymentPassword: 1009,
  changePaymentPassword: 1010,
} as const;
