import type { CustodyOrder, CustodyOrderDetail, CustodyOrderLine, CustodyOverview, CustodyPolicyAnswer } from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import type { ReactNode } from 'react';
import { renderCustodyPage } from './custody-org-test-kit';
import ordersEn from '../../../shared/i18n/locales/en/custodyOrders.json';
import ordersRu from '../../../shared/i18n/locales/ru/custodyOrders.json';
import ordersZhCn from '../../../shared/i18n/locales/zh-CN/custodyOrders.json';
import ordersZhTw from '../../../shared/i18n/locales/zh-TW/custodyOrders.json';

const catalogues: Record<Language, object> = { en: ordersEn, ru: ordersRu, 'zh-CN': ordersZhCn, 'zh-TW': ordersZhTw };

/**
 * Test-only: renders a withdrawal-order page as the app does, in `language` (its catalogue and
 * the HTTP client's error texts alike), at `path`/`url`, with the app's toasts. The test setup
 * puts the client back in English after each test.
 */
export function renderCustodyOrders(ui: ReactNode, { language = 'en', path, url }: { language?: Language; path: string; url?: string }) {
  return renderCustodyPage(ui, { path, url, language, namespaces: { custodyOrders: catalogues[language] } });
}

/** Two business lines and two custody accounts. */
export const ordersOverview: CustodyOverview = {
  organisation: { id: '5', name: 'Acme Treasury AG', country: 'CH', industry: 'fund', createdAt: '2026-11-20T09:00:00.000Z' },
  lines: [
    { id: '1', name: 'Payroll', minReviewers: 2, reviewerCount: 3 },
    { id: '2', name: 'Treasury', minReviewers: 1, reviewerCount: 1 },
  ],
  membersByRole: [],
  accounts: [],
  pending: { invitations: 0, hardwareKeysMissing: 0 },
};

/** The two lines as a submitter reads them (`orderLines`): Payroll pays USDT, ETH and XRP from both accounts, Treasury BTC from the cold one. */
export const orderLines: CustodyOrderLine[] = [
  {
    id: '1',
    name: 'Payroll',
    currencies: ['USDT', 'ETH', 'XRP'],
    accountIds: ['7', '8'],
    minReviewers: 2,
    limits: [{ asset: 'USDT', perTransaction: '5000', perDay: '10000', perWeek: '50000', perMonth: '150000' }],
  },
  { id: '2', name: 'Treasury', currencies: ['BTC'], accountIds: ['8'], minReviewers: 1, limits: [] },
];

export function answerOf(overrides: Partial<CustodyPolicyAnswer> = {}): CustodyPolicyAnswer {
  return {
    verdict: 'pass',
    rule: null,
    code: null,
    message: null,
    until: null,
    limits: [
      { window: 'perTransaction', limit: '5000', used: '0', remaining: '5000', freesAt: null },
      { window: 'day', limit: '10000', used: '7000', remaining: '3000', freesAt: '2026-11-29T18:00:00.000Z' },
    ],
    approvals: {
      required: 2,
      counted: 0,
      mayApprove: [
        { memberId: '9', name: 'Ada Acme' },
        { memberId: '12', name: 'Bo Reviewer' },
      ],
    },
    ...overrides,
  };
}

export const digest = 'a'.repeat(32) + 'b'.repeat(32);

export function orderOf(overrides: Partial<CustodyOrder> = {}): CustodyOrder {
  return {
    id: '31',
    serialNo: 'WO202611290001',
    type: 'single',
    batchId: null,
    lineId: '1',
    lineName: 'Payroll',
    accountId: '21',
    accountName: 'Main hot wallet',
    coin: 'USDT',
    chain: 'ethereum',
    amount: '1250.5',
    fee: '2',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    tag: '',
    note: 'November payroll',
    digest,
    state: 'pending_review',
    submitter: { memberId: '14', name: 'Sam Submitter' },
    submittedAt: '2026-11-29T09:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function detailOf(overrides: Partial<CustodyOrderDetail> = {}): CustodyOrderDetail {
  return {
    order: orderOf(),
    approvals: [],
    policy: answerOf({
      verdict: 'held',
      rule: 'minimumReviewers',
      code: 15000079,
      message: 'Waiting for 2 approvals',
    }),
    payout: { sentAt: null, txid: null, settledAt: null, confirmations: null },
    ...overrides,
  };
}
