import type { Language } from './languages';

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
  /** Not in the spec: two minutes of browser recording (about 30 MB at 2 Mbit/s) with room to spare. */
  kycVideoMaxBytes: 50 * 1024 * 1024,
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
  /** A custody organisation's monthly bill taken from its custody account (issue 18, `custody-billing.ts`). */
  custodyFee: 2201,
} as const;
export type BillTypeKey = keyof typeof billTypes;

/**
 * The name of each bill type in the four languages: one source for the web (table, filter,
 * drawer, dashboard) and the server (CSV download). `unknown` names a code outside the list.
 */
export const billTypeNames: Record<Language, Record<BillTypeKey, string> & { unknown: (code: number) => string }> = {
  en: {
    deposit: 'Deposit',
    withdrawal: 'Withdrawal',
    transferIn: 'Transfer in',
    transferOut: 'Transfer out',
    tradeBuy: 'Trade (buy)',
    tradeSell: 'Trade (sell)',
    distribution: 'Distribution',
    other: 'Other',
    tradeReturn: 'Trade return',
    collateralRepayment: 'Collateral repayment',
    custodyFee: 'Custody fee',
    unknown: (code) => `Type ${code}`,
  },
  'zh-CN': {
    deposit: '充币',
    withdrawal: '提币',
    transferIn: '转入',
    transferOut: '转出',
    tradeBuy: '交易（买入）',
    tradeSell: '交易（卖出）',
    distribution: '分发',
    other: '其他',
    tradeReturn: '交易退回',
    collateralRepayment: '质押还款',
    custodyFee: '托管费',
    unknown: (code) => `类型 ${code}`,
  },
  'zh-TW': {
    deposit: '充幣',
    withdrawal: '提幣',
    transferIn: '轉入',
    transferOut: '轉出',
    tradeBuy: '交易（買入）',
    tradeSell: '交易（賣出）',
    distribution: '分發',
    other: '其他',
    tradeReturn: '交易退回',
    collateralRepayment: '質押還款',
    custodyFee: '託管費',
    unknown: (code) => `類型 ${code}`,
  },
  ru: {
    deposit: 'Пополнение',
    withdrawal: 'Вывод',
    transferIn: 'Входящий перевод',
    transferOut: 'Исходящий перевод',
    tradeBuy: 'Сделка (покупка)',
    tradeSell: 'Сделка (продажа)',
    distribution: 'Распределение',
    other: 'Прочее',
    tradeReturn: 'Возврат по сделке',
    collateralRepayment: 'Погашение из залога',
    custodyFee: 'Плата за хранение',
    unknown: (code) => `Тип ${code}`,
  },
};

const billTypeKeyByCode = new Map<number, BillTypeKey>(
  (Object.entries(billTypes) as Array<[BillTypeKey, number]>).map(([key, code]) => [code, key]),
);

/** The bill type's key for a code of spec §9, or undefined for a code outside the list. */
export function billTypeKeyOf(code: number): BillTypeKey | undefined {
  return billTypeKeyByCode.get(code);
}

/** A bill type code named in `language` ("2007" → "Trade (buy)", "交易（买入）"…). */
export function billTypeName(code: number, language: Language): string {
  const names = billTypeNames[language];
  const key = billTypeKeyOf(code);
  return key ? names[key] : names.unknown(code);
}

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
  // Coffer's own, after the spec's 1000–1010 (issue 16):
  createApiKey: 1011,
  editApiKey: 1012,
  deleteApiKey: 1013,
  addPasskey: 1014,
  removePasskey: 1015,
} as const;
