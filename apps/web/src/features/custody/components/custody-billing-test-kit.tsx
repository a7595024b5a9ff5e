import type { CustodyBill, CustodyBillDetail, CustodyBillLine, CustodyBillingStatistics, CustodyPaymentMethodView } from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import type { ReactNode } from 'react';
import custodyEn from '../../../shared/i18n/locales/en/custody.json';
import custodyRu from '../../../shared/i18n/locales/ru/custody.json';
import custodyZhCn from '../../../shared/i18n/locales/zh-CN/custody.json';
import custodyZhTw from '../../../shared/i18n/locales/zh-TW/custody.json';
import billingEn from '../../../shared/i18n/locales/en/custodyBilling.json';
import billingRu from '../../../shared/i18n/locales/ru/custodyBilling.json';
import billingZhCn from '../../../shared/i18n/locales/zh-CN/custodyBilling.json';
import billingZhTw from '../../../shared/i18n/locales/zh-TW/custodyBilling.json';
import moneyEn from '../../../shared/i18n/locales/en/custodyMoney.json';
import moneyRu from '../../../shared/i18n/locales/ru/custodyMoney.json';
import moneyZhCn from '../../../shared/i18n/locales/zh-CN/custodyMoney.json';
import moneyZhTw from '../../../shared/i18n/locales/zh-TW/custodyMoney.json';
import { renderCustodyPage } from './custody-org-test-kit';

const catalogues: Record<Language, Record<string, object>> = {
  en: { custodyBilling: billingEn, custodyMoney: moneyEn, custody: custodyEn },
  ru: { custodyBilling: billingRu, custodyMoney: moneyRu, custody: custodyRu },
  'zh-CN': { custodyBilling: billingZhCn, custodyMoney: moneyZhCn, custody: custodyZhCn },
  'zh-TW': { custodyBilling: billingZhTw, custodyMoney: moneyZhTw, custody: custodyZhTw },
};

/**
 * Test-only: renders a billing page as the app does, in `language` (its catalogues and the HTTP
 * client's error texts alike), at `path`/`url`, with the app's toasts. The test
 * setup puts the client back in English after each test.
 */
export function renderCustodyBilling(ui: ReactNode, { language = 'en', path, url }: { language?: Language; path: string; url?: string }) {
  return renderCustodyPage(ui, { path, url, language, namespaces: catalogues[language] });
}

/** October 2026's bill: 31 days, 0.5 % a year of an average 1,200,000 USD = 500.00 USD hosting fee. */
export function billOf(overrides: Partial<CustodyBill> = {}): CustodyBill {
  return {
    id: '41',
    period: '2026-10',
    issuedAt: '2026-11-01T00:05:00.000Z',
    dueOn: '2026-11-09',
    state: 'paid',
    currency: 'USD',
    days: 31,
    averageMarketValueUsd: '1200000.00',
    annualRate: '0.005',
    hostingFeeUsd: '500.00',
    enterpriseWithdrawalUsd: '25000.00',
    primeWithdrawalUsd: '0.00',
    withdrawalFeeUsd: '12.50',
    minimumUsd: '100.00',
    referenceFeeUsd: '512.50',
    finalCostUsd: '500.00',
    payment: null,
    ...overrides,
  };
}

export const billLines: CustodyBillLine[] = [
  {
    id: '1',
    kind: 'hosting',
    coin: null,
    amount: null,
    usdPrice: null,
    usd: '500.00',
    orders: 0,
    sources: [
      {
        kind: 'snapshot',
        day: '2026-10-01',
        accountId: '7',
        accountName: 'Treasury hot',
        coin: 'BTC',
        balance: '12.5',
        usdPrice: '96000',
        usd: '1200000.00',
      },
      {
        kind: 'snapshot',
        day: '2026-10-02',
        accountId: '7',
        accountName: 'Treasury hot',
        coin: 'BTC',
        balance: '12.5',
        usdPrice: '96000',
        usd: '1200000.00',
      },
    ],
  },
  {
    id: '2',
    kind: 'enterpriseWithdrawal',
    coin: 'USDT',
    amount: '25000',
    usdPrice: '1',
    usd: '25000.00',
    orders: 2,
    sources: [
      {
        kind: 'ledgerEntry',
        entryId: '901',
        journalId: '450',
        orderId: '31',
        serialNo: 'WO202610150001',
        accountId: '7',
        accountName: 'Treasury hot',
        coin: 'USDT',
        amount: '15000',
        at: '2026-10-15T10:00:00.000Z',
      },
      {
        kind: 'ledgerEntry',
        entryId: '905',
        journalId: '452',
        orderId: '32',
        serialNo: 'WO202610200002',
        accountId: '7',
        accountName: 'Treasury hot',
        coin: 'USDT',
        amount: '10000',
        at: '2026-10-20T10:00:00.000Z',
      },
    ],
  },
  {
    id: '3',
    kind: 'withdrawalFee',
    coin: 'USDT',
    amount: '12.5',
    usdPrice: '1',
    usd: '12.50',
    orders: 2,
    sources: [],
  },
];

export const bankWire = {
  bankName: 'Bank Frick & Co. AG',
  bankAddress: 'Landstrasse 14, 9496 Balzers, Liechtenstein',
  bankCode: '8821',
  swift: 'BFRILI22',
  accountName: 'Coffer Custody Ltd',
  accountNumber: 'LI21 0881 0000 1234 5678 9',
};

export function billDetailOf(bill: Partial<CustodyBill> = {}): CustodyBillDetail {
  return { bill: billOf(bill), lines: billLines, bank: bankWire };
}

export function paymentMethodOf(overrides: Partial<CustodyPaymentMethodView> = {}): CustodyPaymentMethodView {
  return { method: 'wire', deductions: [], bank: bankWire, annualRate: '0.005', minimumUsd: '100.00', ...overrides };
}

export function statisticsOf(overrides: Partial<CustodyBillingStatistics> = {}): CustodyBillingStatistics {
  return {
    month: '2026-10',
    days: 31,
    annualRate: '0.005',
    minimumUsd: '100.00',
    averageMarketValueUsd: '1200000.00',
    hostingFeeUsd: '500.00',
    withdrawalFeeUsd: '14.50',
    byCoin: [
      { coin: 'USDT', orders: 2, enterpriseAmount: '25000', primeAmount: '0', fee: '12.5', usdPrice: '1', feeUsd: '12.50' },
      { coin: 'ETH', orders: 1, enterpriseAmount: '0', primeAmount: '1.5', fee: '0.001', usdPrice: '2000', feeUsd: '2.00' },
    ],
    byLine: [
      { lineId: '1', lineName: 'Payroll', coin: 'USDT', orders: 2, amount: '25000', fee: '12.5' },
      { lineId: '2', lineName: 'Treasury', coin: 'ETH', orders: 1, amount: '1.5', fee: '0.001' },
    ],
    ...overrides,
  };
}
