import { z } from 'zod';
import { assetSummarySchema } from './asset-summary';
import { amountSchema, coinSchema, pageQueryFields } from './primitives';
import { passkeyResponseSchema } from './identity';
import { recordIdPairSchema } from './record-id';

export const currencySchema = z.object({
  coin: z.string(),
  name: z.string(),
  scale: z.number().int(),
  displayPrecision: z.number().int(),
  icon: z.string(),
  usdPrice: z.string(),
  chains: z.array(
    z.object({
      chain: z.string(),
      tokenStandard: z.string(),
      confirmationsToCredit: z.number().int(),
      confirmationsToWithdraw: z.number().int(),
      minDeposit: z.string(),
      minWithdrawal: z.string(),
      withdrawalFee: z.string(),
      isDepositEnabled: z.boolean(),
      isWithdrawalEnabled: z.boolean(),
    }),
  ),
});
export type Currency = z.infer<typeof currencySchema>;

/** Spec §3 asset or coin row: total, available, frozen, USD value, CNY value. */
export const assetRowSchema = z.object({
  coin: z.string(),
  name: z.string(),
  icon: z.string(),
  displayPrecision: z.number().int(),
  total: z.string(),
  available: z.string(),
  frozen: z.string(),
  usdValue: z.string(),
  cnyValue: z.string(),
});
export type AssetRow = z.infer<typeof assetRowSchema>;

export const assetsQuerySchema = z.object({
  coin: z.string().trim().max(20).optional(),
  hideSmall: z.enum(['true', 'false']).optional(),
});

export const assetTableSchema = z.object({
  rows: z.array(assetRowSchema),
  summary: assetSummarySchema,
});

/**
 * `isInnerAddress/{address}?chain=&tag=`: whether a blockchain address (with its XRP destination
 * tag) is a Coffer deposit address. It answers nothing about customers or accounts.
 */
export const innerAddressParamsSchema = z.object({ address: z.string().trim().min(3).max(128) });
export const innerAddressQuerySchema = z.object({
  chain: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9-]{2,20}$/),
  tag: z.string().trim().max(10).optional(),
});
export type InnerAddressQuery = z.infer<typeof innerAddressQuerySchema>;
export const innerAddressSchema = z.object({ isInner: z.boolean() });

/** The transfer form's receiver check (signed in, a limited number per hour). */
export const transferRecipientBodySchema = z.object({ receiver: z.string().trim().min(3).max(64) });
export type TransferRecipientBody = z.infer<typeof transferRecipientBodySchema>;
export const transferRecipientSchema = z.object({
  isCustomer: z.boolean(),
  /** The receiver's masked e-mail or phone, only when `isCustomer`. */
  receiverMasked: z.string().nullable(),
});
export type TransferRecipient = z.infer<typeof transferRecipientSchema>;

export const transferBodySchema = z.object({
  amount: amountSchema,
  fundPassword: z.string().max(16),
  emailCode: z.string().max(6).optional(),
  smsCode: z.string().max(6).optional(),
  gaCode: z.string().max(6).optional(),
  /** A passkey assertion (purpose `transfer`) in place of the code. */
  passkey: passkeyResponseSchema.optional(),
  note: z.string().trim().max(50).optional(),
  /** The client's idempotency key: a retried submission moves the money once. */
  requestId: z.string().trim().min(8).max(64),
});
export type TransferBody = z.infer<typeof transferBodySchema>;

export const transferParamsSchema = z.object({ coin: coinSchema, receiver: z.string().trim().min(3).max(64) });

export const preTransferBodySchema = z.object({ coin: coinSchema, amount: amountSchema, receiver: z.string().trim().min(3).max(64) });
export const preTransferSchema = z.object({
  coin: z.string(),
  amount: z.string(),
  fee: z.string(),
  available: z.string(),
  receiverMasked: z.string(),
  /** The second factor this transfer will ask for besides the fund password. */
  secondFactor: z.enum(['ga', 'sms', 'email']),
});

/** Spec §3 transfer record. */
export const transferRecordSchema = z.object({
  flowId: z.string(),
  orderNo: z.string(),
  coin: z.string(),
  quantity: z.string(),
  handlingFee: z.string(),
  accountBalance: z.string(),
  businessType: z.enum(['transferIn', 'transferOut']),
  remarks: z.string(),
  recordedTime: z.string(),
  source: z.string(),
  hash: z.string().nullable(),
  toAddress: z.string(),
  status: z.enum(['credited', 'failure']),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;

export const billsQuerySchema = z.object({
  coin: z.string().trim().max(10).optional(),
  type: z.coerce.number().int().min(1000).max(9999).optional(),
  /** ISO dates or date-times; the range is [start, end). */
  start: z.string().trim().max(40).optional(),
  end: z.string().trim().max(40).optional(),
  ...pageQueryFields({ maxPageNo: 100_000, defaultPageSize: 20 }),
});
export type BillsQuery = z.infer<typeof billsQuerySchema>;

/**
 * The CSV download: the filters of a bills page plus what a browser link cannot send as a
 * header: `lang` (spec §2 values: zh-CN, zh-TW, ru, en) names the language of the headers and
 * type names, and `timeZone` (IANA, e.g. "Asia/Shanghai") the calendar the file name's days
 * are read in (UTC when absent).
 */
export const billsExportQuerySchema = billsQuerySchema.omit({ pageNo: true, pageSize: true }).extend({
  lang: z.string().trim().max(10).optional(),
  timeZone: z.string().trim().max(64).optional(),
});
export type BillsExportQuery = z.infer<typeof billsExportQuerySchema>;

/**
 * Spec §3 bill detail labels (serial number, source/target account, withdrawal address, TXID,
 * merchant…) and the facts each kind of bill adds, in the order a bill lists them. Values are
 * display strings except: `fee` (a decimal in the bill's coin), `price` (a decimal in the
 * pair's quote coin), `confirmations` ("reached/required"), `side` (a `TradeSide`) and
 * `status` (a `BillWithdrawalStatus`), which clients name in their language.
 */
export const billDetailKeys = [
  'serialNumber',
  'orderNo',
  'autoSwapNo',
  'sourceAccount',
  'targetAccount',
  'withdrawalAddress',
  'memo',
  'txid',
  'chain',
  'depositAddress',
  'confirmations',
  'pair',
  'side',
  'price',
  'fee',
  'status',
  'merchant',
  'merchantOrderNumber',
  'loanId',
  'relatedLoanId',
  'campaignName',
  'remarks',
] as const;
export type BillDetailKey = (typeof billDetailKeys)[number];
export const billDetailSchema = z.partialRecord(z.enum(billDetailKeys), z.string());
export type BillDetail = z.infer<typeof billDetailSchema>;

/** The withdrawal states a bill's `status` detail can name. */
export const billWithdrawalStatuses = ['awaiting_confirmation', 'processing', 'confirming', 'completed', 'failed', 'cancelled'] as const;
export type BillWithdrawalStatus = (typeof billWithdrawalStatuses)[number];

/** Spec §3 bill entry: time, type code, coin, amount, detail. */
export const billSchema = z.object({
  id: z.string(),
  time: z.string(),
  type: z.number().int(),
  coin: z.string(),
  amount: z.string(),
  balanceAfter: z.string().nullable(),
  detail: billDetailSchema,
});
export type Bill = z.infer<typeof billSchema>;

export const billInfoQuerySchema = z.object({ id: recordIdPairSchema('noMatchingData') });

/** Deposit and withdrawal switches of one coin. */
export const tokenSwitchSchema = z.object({ coin: z.string(), deposit: z.boolean(), withdraw: z.boolean() });

/** One of the customer's accounts with its value. */
export const userAccountValueSchema = z.object({
  account: z.enum(['balance', 'loan', 'investment']),
  usdValue: z.string(),
  rmbValue: z.string(),
});

/** The dashboard: asset trend, live value, recent activity, quotations and news. */
export const userDashboardSchema = z.object({
  trend: z.array(z.object({ date: z.string(), usdValue: z.string(), rmbValue: z.string() })),
  live: z.object({ usdValue: z.string(), rmbValue: z.string() }),
  recentActivity: z.array(billSchema),
  quotations: z.array(z.object({ coin: z.string(), usdPrice: z.string(), change24h: z.string() })),
  news: z.array(z.object({ title: z.string(), url: z.string(), time: z.string() })),
  isEmpty: z.boolean(),
});
