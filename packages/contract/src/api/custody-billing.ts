import { z } from 'zod';
import { coinSchema, pageQueryFields, pageSchema } from './primitives';
import { recordIdSchema } from './record-id';
import { defineEndpoint } from './endpoint';

/**
 * Billing of the custody console (issue 18 items 9 and 10; spec §3, §4, §9).
 *
 * One bill per organisation and month, issued on the 1st (UTC) for the month before by the job
 * `custody.issue-bills`; it is due before the 10th (`dueOn` is the 9th, the last day on time).
 * Every figure is USD with two decimals, computed exactly (integers of cents and base units,
 * never floating point):
 *
 * - **managed market value**: for each day of the month, the sum of the USD values of the
 *   organisation's daily asset snapshots (`custody_daily_snapshot`, console I); the average is
 *   that sum over all days ÷ the number of days in the month (a day without snapshots counts 0);
 * - **hosting (custody) fee** = average × annual rate ÷ 12, rounded once, half up, to the cent;
 * - **enterprise and prime withdrawal amounts**: per coin, the amounts of the withdrawal orders
 *   settled in the month from enterprise and prime accounts (their ledger entries), valued in
 *   USD at the coin's reference price (half up to the cent);
 * - **coin-withdrawal fee**: per coin, the fees of those orders, valued the same way; they were
 *   already taken in the coin when each order settled, so they are shown, not charged again;
 * - **minimum amount**: the organisation's monthly minimum for the hosting fee;
 * - **reference fee** = hosting fee + coin-withdrawal fees (the month's custody cost);
 * - **final cost** (what the bill asks) = the larger of the hosting fee and the minimum.
 *
 * Payment (spec §3): by bank wire to the platform's account (an operator marks the bill paid
 * in the back office) or by digital-currency deduction: on the due date a job takes the final
 * cost from the first of the organisation's chosen (account, coin) pairs, in its order, whose
 * available balance covers it in full — an account short is skipped, never half-taken. The
 * coin amount is final cost ÷ the coin's reference USD price, rounded UP to the coin's smallest
 * unit (the platform never receives less than the bill). The ledger journal carries bill type
 * `custodyFee` (2201), from the custody account to the platform's fees account.
 */

export const custodyBillStates = ['unpaid', 'paid'] as const;
export type CustodyBillState = (typeof custodyBillStates)[number];

export const custodyPaymentMethods = ['wire', 'deduction'] as const;
export type CustodyPaymentMethod = (typeof custodyPaymentMethods)[number];

/** A bill's lines: the hosting fee (USD), and per coin the withdrawal amounts by account tier and the withdrawal fees. */
export const custodyBillLineKinds = ['hosting', 'enterpriseWithdrawal', 'primeWithdrawal', 'withdrawalFee'] as const;
export type CustodyBillLineKind = (typeof custodyBillLineKinds)[number];

/** What a line was computed from: a daily asset snapshot, or a ledger entry of a settled withdrawal order. */
export const custodyBillSourceKinds = ['snapshot', 'ledgerEntry'] as const;
export type CustodyBillSourceKind = (typeof custodyBillSourceKinds)[number];

/**
 * The rates an organisation has until an operator sets its own: 0.5 % a year of the average
 * managed market value, at least 100.00 USD a month.
 */
export const custodyBillingDefaults = { annualRate: '0.005', minimumUsd: '100.00' } as const;

export const custodyBillingLimits = {
  /** Deduction accounts an organisation may list in priority order. */
  deductionsMax: 10,
  /** Decimals of the annual rate (a fraction, 0.005 = 0.5 %). */
  rateDecimals: 8,
  /** Largest monthly minimum, in USD. */
  minimumUsdMax: '100000000',
  /** Day of the month the bill is due by (it is due before the 10th). */
  dueDay: 9,
  markPaidNoteMaxChars: 200,
} as const;

/** A month `YYYY-MM`. */
export const custodyBillMonthSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/);

const usd = z.string().meta({ description: 'USD, two decimals', examples: ['1234.56'] });

export const custodyBillIdParamsSchema = z.object({ id: recordIdSchema('custodyBillNotFound') });

export const custodyBillsQuerySchema = z.object({
  state: z.enum(custodyBillStates).optional(),
  /** First and last month of the periods shown, both included. */
  fromMonth: custodyBillMonthSchema.optional(),
  toMonth: custodyBillMonthSchema.optional(),
  ...pageQueryFields({ maxPageNo: 10_000, defaultPageSize: 12 }),
});
export type CustodyBillsQuery = z.input<typeof custodyBillsQuerySchema>;

/** How a paid bill was paid: by wire (the operator who marked it) or the deduction taken (account, coin, amount, price, journal). */
export const custodyBillPaymentSchema = z.object({
  method: z.enum(custodyPaymentMethods),
  paidAt: z.string(),
  /** Wire: the operator's note (the bank reference); empty for a deduction. */
  note: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  coin: z.string().nullable(),
  /** The coin amount taken (decimal text in the coin). */
  amount: z.string().nullable(),
  /** The reference USD price it was converted at. */
  usdPrice: z.string().nullable(),
  journalId: z.string().nullable(),
});
export type CustodyBillPayment = z.infer<typeof custodyBillPaymentSchema>;

export const custodyBillSchema = z.object({
  id: z.string(),
  /** The month billed, `YYYY-MM`. */
  period: z.string(),
  issuedAt: z.string(),
  /** `YYYY-MM-DD`: the last day it is paid on time (the 9th of the month after the period). */
  dueOn: z.string(),
  state: z.enum(custodyBillStates),
  currency: z.literal('USD'),
  /** Days of the month (the average's divisor). */
  days: z.number().int(),
  averageMarketValueUsd: usd,
  /** The annual rate applied, a fraction (0.005 = 0.5 %). */
  annualRate: z.string(),
  hostingFeeUsd: usd,
  enterpriseWithdrawalUsd: usd,
  primeWithdrawalUsd: usd,
  withdrawalFeeUsd: usd,
  minimumUsd: usd,
  referenceFeeUsd: usd,
  finalCostUsd: usd,
  payment: custodyBillPaymentSchema.nullable(),
});
export type CustodyBill = z.infer<typeof custodyBillSchema>;

export const custodyBillsPageSchema = pageSchema(custodyBillSchema);

export const custodyBillSourceSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('snapshot'),
    day: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    coin: z.string(),
    balance: z.string(),
    usdPrice: z.string(),
    usd,
  }),
  z.object({
    kind: z.literal('ledgerEntry'),
    entryId: z.string(),
    journalId: z.string(),
    orderId: z.string(),
    serialNo: z.string(),
    accountId: z.string(),
    accountName: z.string(),
    coin: z.string(),
    /** The entry's amount in the coin (positive: what reached the platform's omnibus or fees account). */
    amount: z.string(),
    at: z.string(),
  }),
]);
export type CustodyBillSource = z.infer<typeof custodyBillSourceSchema>;

export const custodyBillLineSchema = z.object({
  id: z.string(),
  kind: z.enum(custodyBillLineKinds),
  /** The coin of a withdrawal or fee line; null for the hosting fee. */
  coin: z.string().nullable(),
  /** The coin total of a withdrawal or fee line; null for the hosting fee. */
  amount: z.string().nullable(),
  /** The reference USD price the coin total was valued at; null for the hosting fee. */
  usdPrice: z.string().nullable(),
  usd,
  /** Withdrawal orders counted (0 for the hosting fee). */
  orders: z.number().int(),
  /** The snapshots or ledger entries the line was computed from. */
  sources: z.array(custodyBillSourceSchema),
});
export type CustodyBillLine = z.infer<typeof custodyBillLineSchema>;

/** The platform's bank account for wires (configuration `BILLING_BANK_*`). */
export const custodyBankWireSchema = z.object({
  bankName: z.string(),
  bankAddress: z.string(),
  bankCode: z.string(),
  swift: z.string(),
  accountName: z.string(),
  accountNumber: z.string(),
});
export type CustodyBankWire = z.infer<typeof custodyBankWireSchema>;

export const custodyBillDetailSchema = z.object({
  bill: custodyBillSchema,
  lines: z.array(custodyBillLineSchema),
  /** Where a wire goes; shown whatever the method, with the bill id as reference. */
  bank: custodyBankWireSchema,
});
export type CustodyBillDetail = z.infer<typeof custodyBillDetailSchema>;

export const custodyBillingStatisticsQuerySchema = z.object({ month: custodyBillMonthSchema });
export type CustodyBillingStatisticsQuery = z.input<typeof custodyBillingStatisticsQuerySchema>;

/**
 * A month's rates and fees computed now from its sources (the current month so far, or a past
 * month whether or not its bill is issued): the hosting fee at the organisation's rates, and the
 * withdrawals and their fees by coin and by business line.
 */
export const custodyBillingStatisticsSchema = z.object({
  month: z.string(),
  /** Days counted so far (the whole month once it has ended). */
  days: z.number().int(),
  annualRate: z.string(),
  minimumUsd: usd,
  averageMarketValueUsd: usd,
  hostingFeeUsd: usd,
  withdrawalFeeUsd: usd,
  byCoin: z.array(
    z.object({
      coin: z.string(),
      orders: z.number().int(),
      enterpriseAmount: z.string(),
      primeAmount: z.string(),
      fee: z.string(),
      usdPrice: z.string(),
      feeUsd: usd,
    }),
  ),
  byLine: z.array(
    z.object({
      lineId: z.string(),
      lineName: z.string(),
      coin: z.string(),
      orders: z.number().int(),
      amount: z.string(),
      fee: z.string(),
    }),
  ),
});
export type CustodyBillingStatistics = z.infer<typeof custodyBillingStatisticsSchema>;

export const custodyDeductionSchema = z.object({ accountId: z.string(), accountName: z.string(), coin: z.string() });

/** The organisation's payment method, its deduction accounts in priority order (first tried first), and the platform's bank. */
export const custodyPaymentMethodSchema = z.object({
  method: z.enum(custodyPaymentMethods),
  deductions: z.array(custodyDeductionSchema),
  bank: custodyBankWireSchema,
  annualRate: z.string(),
  minimumUsd: usd,
});
export type CustodyPaymentMethodView = z.infer<typeof custodyPaymentMethodSchema>;

/** Wire, or deduction from 1–10 distinct (account, coin) pairs in priority order. */
export const custodyPaymentMethodBodySchema = z.object({
  method: z.enum(custodyPaymentMethods),
  deductions: z
    .array(z.object({ accountId: recordIdSchema('custodyDeductionAccountInvalid'), coin: coinSchema }))
    .max(custodyBillingLimits.deductionsMax)
    .default([]),
});
export type CustodyPaymentMethodBody = z.input<typeof custodyPaymentMethodBodySchema>;

// ── The back office ───────────────────────────────────────────────────────────────────

export const adminBillingOrgsQuerySchema = z.object({
  /** Only organisations with an unpaid bill. */
  unpaidOnly: z.enum(['true', 'false']).default('false'),
  ...pageQueryFields({ maxPageNo: 10_000, defaultPageSize: 20 }),
});
export type AdminBillingOrgsQuery = z.input<typeof adminBillingOrgsQuerySchema>;

export const adminBillingOrgSchema = z.object({
  orgId: z.string(),
  name: z.string(),
  annualRate: z.string(),
  minimumUsd: usd,
  /** Whether the rates are the defaults (no operator has set them). */
  isDefaultRates: z.boolean(),
  method: z.enum(custodyPaymentMethods),
  unpaidUsd: usd,
  /** Its bills, newest first (at most the last 24). */
  bills: z.array(custodyBillSchema),
});
export type AdminBillingOrg = z.infer<typeof adminBillingOrgSchema>;
export const adminBillingOrgsPageSchema = pageSchema(adminBillingOrgSchema);

export const adminBillingOrgParamsSchema = z.object({ id: recordIdSchema('custodyBillingOrgNotFound') });

/** Rates of one organisation: an annual rate (fraction, 0 ≤ rate < 1, ≤ 8 decimals) and a monthly minimum in USD (≤ 2 decimals). */
export const adminBillingRatesBodySchema = z.object({
  annualRate: z.string().trim().max(40),
  minimumUsd: z.string().trim().max(40),
});
export type AdminBillingRatesBody = z.input<typeof adminBillingRatesBodySchema>;

export const adminMarkPaidBodySchema = z.object({
  /** The wire's bank reference or a remark, for the audit log. */
  note: z.string().trim().max(custodyBillingLimits.markPaidNoteMaxChars).default(''),
});
export type AdminMarkPaidBody = z.input<typeof adminMarkPaidBodySchema>;

/** The bill after marking; `changed` is false when it was already paid (marking twice pays once). */
export const adminMarkPaidSchema = z.object({ bill: custodyBillSchema, changed: z.boolean() });

// ── Paths and endpoints ───────────────────────────────────────────────────────────────

export const custodyBillingPaths = {
  /** GET: the organisation's bills, filtered by state and months, newest period first. */
  bills: '/custody/v1/bills',
  /** GET: a bill with its lines and the snapshots and ledger entries each line was computed from. */
  bill: '/custody/v1/bills/:id',
  /** GET: the bill as a PDF file. */
  billPdf: '/custody/v1/bills/:id/pdf',
  /** GET `?month=YYYY-MM`: the month's rates and fees by coin and business line. */
  statistics: '/custody/v1/billing/statistics',
  /** GET / POST: the payment method and deduction accounts in priority order. */
  paymentMethod: '/custody/v1/billing/payment-method',
} as const;

export const adminCustodyBillingPaths = {
  organisations: '/admin/api/v1/custody/billing/organisations',
  rates: '/admin/api/v1/custody/billing/organisations/:id/rates',
  markPaid: '/admin/api/v1/custody/billing/bills/:id/mark-paid',
} as const;

const tags = ['custody'];

/**
 * The console's billing (spec §2 "billing or rate statistics", "billing list and detail").
 * Reading bills needs `orders` (spec §6: "ordering/billing" is one permission); choosing the
 * payment method needs `accounts`, the enterprise admin's, since a deduction takes money from
 * the custody accounts.
 */
export const custodyBillingEndpoints = {
  bills: defineEndpoint({
    method: 'GET',
    path: custodyBillingPaths.bills,
    tags,
    summary: 'Monthly bills, filtered by state and months, newest period first',
    query: custodyBillsQuerySchema,
    response: custodyBillsPageSchema,
    consolePermission: 'orders',
  }),
  bill: defineEndpoint({
    method: 'GET',
    path: custodyBillingPaths.bill,
    tags,
    summary: 'A bill with its lines, each with the snapshots and ledger entries it was computed from',
    params: custodyBillIdParamsSchema,
    response: custodyBillDetailSchema,
    consolePermission: 'orders',
  }),
  /** A PDF file, not an envelope. */
  billPdf: defineEndpoint({
    method: 'GET',
    path: custodyBillingPaths.billPdf,
    tags,
    summary: 'A bill as PDF',
    params: custodyBillIdParamsSchema,
    consolePermission: 'orders',
  }),
  statistics: defineEndpoint({
    method: 'GET',
    path: custodyBillingPaths.statistics,
    tags,
    summary: 'Rate statistics of a month: hosting fee at the organisation’s rates, withdrawals and fees by coin and business line',
    query: custodyBillingStatisticsQuerySchema,
    response: custodyBillingStatisticsSchema,
    consolePermission: 'orders',
  }),
  paymentMethod: defineEndpoint({
    method: 'GET',
    path: custodyBillingPaths.paymentMethod,
    tags,
    summary: 'The payment method, the deduction accounts in priority order, the platform’s bank and the rates',
    response: custodyPaymentMethodSchema,
    consolePermission: 'orders',
  }),
  setPaymentMethod: defineEndpoint({
    method: 'POST',
    path: custodyBillingPaths.paymentMethod,
    tags,
    summary: 'Chooses bank wire, or deduction from (account, coin) pairs in priority order',
    body: custodyPaymentMethodBodySchema,
    response: custodyPaymentMethodSchema,
    consolePermission: 'accounts',
  }),
} as const;

const adminTags = ['admin'];

/** The back office's billing (operator permission `custody.billing`, the finance role's). */
export const adminCustodyBillingEndpoints = {
  organisations: defineEndpoint({
    method: 'GET',
    path: adminCustodyBillingPaths.organisations,
    tags: adminTags,
    summary: 'Custody organisations with their rates, payment method and bills',
    query: adminBillingOrgsQuerySchema,
    response: adminBillingOrgsPageSchema,
  }),
  setRates: defineEndpoint({
    method: 'POST',
    path: adminCustodyBillingPaths.rates,
    tags: adminTags,
    summary: 'Sets an organisation’s annual custody rate and monthly minimum (audit-logged); later bills use them',
    params: adminBillingOrgParamsSchema,
    body: adminBillingRatesBodySchema,
    response: adminBillingOrgSchema,
  }),
  markPaid: defineEndpoint({
    method: 'POST',
    path: adminCustodyBillingPaths.markPaid,
    tags: adminTags,
    summary: 'Marks a bill paid by wire (audit-logged, once: a paid bill stays as it was)',
    params: custodyBillIdParamsSchema,
    body: adminMarkPaidBodySchema,
    response: adminMarkPaidSchema,
  }),
} as const;
