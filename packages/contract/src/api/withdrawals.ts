import { z } from 'zod';
import { amountSchema, chainSchema, coinSchema, pageQuerySchema, pageSchema } from './primitives';
import { passkeyResponseSchema } from './identity';
import { recordIdSchema } from './record-id';

const address = z.string().trim().min(3).max(128);
/** XRP destination tag / memo as typed; the server checks the chain's rules (§5: at most 10 characters). */
const tag = z.string().trim().max(10);
const code = z.string().trim().max(6);
const secondFactor = z.enum(['ga', 'sms', 'email']);

// ── Pre-check (`userCanWithdraw`, `checkUserInformation`) ───────────────────────────────

/**
 * Spec §5 interceptions: what the customer must do before any withdrawal. Each carries the
 * catalogue code whose message the interception dialog shows.
 */
export const withdrawalInterceptionKinds = ['emailNotBound', 'phoneNotBound', 'fundPasswordNotSet', 'identityNotVerified'] as const;
export type WithdrawalInterceptionKind = (typeof withdrawalInterceptionKinds)[number];
export const withdrawalInterceptionSchema = z.object({
  kind: z.enum(withdrawalInterceptionKinds),
  /** Catalogue code of the message: 17000010 e-mail, 17000011 phone, -10097 fund password, -10093 identity. */
  code: z.number().int(),
});
export type WithdrawalInterception = z.infer<typeof withdrawalInterceptionSchema>;

/** Spec §4 forbidden codes: -10094 withdrawals forbidden for the account, -10102 the 24-hour lock. */
export const withdrawalForbiddenCodes = { forbidden: -10094, securityLock: -10102 } as const;

export const withdrawCheckSchema = z.object({
  /** True only when nothing forbids and nothing intercepts. */
  canWithdraw: z.boolean(),
  forbiddenCode: z.union([z.literal(-10094), z.literal(-10102)]).nullable(),
  /** End of the 24-hour lock after a security change (ISO), when `forbiddenCode` is -10102. */
  lockedUntil: z.string().nullable(),
  interceptions: z.array(withdrawalInterceptionSchema),
  /** The second factor a withdrawal will ask for besides the fund password. */
  secondFactor,
});
export type WithdrawCheck = z.infer<typeof withdrawCheckSchema>;

/** `checkUserInformation`: the security items a withdrawal needs, one flag each. */
export const withdrawUserInformationSchema = z.object({
  emailBound: z.boolean(),
  phoneBound: z.boolean(),
  fundPasswordSet: z.boolean(),
  identityVerified: z.boolean(),
  kycLevel: z.number().int(),
});
export type WithdrawUserInformation = z.infer<typeof withdrawUserInformationSchema>;

/** `verify-idCard-pwd` (§5: an ID check asks for the last six digits of the ID). */
export const verifyIdCardBodySchema = z.object({
  idCardLast6: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z]{6}$/),
  fundPassword: z.string().max(16),
});

/** The ID check's answer (never given while no identity document is on file). */
export const idCardCheckSchema = z.object({ verified: z.boolean() });

// ── Coin availability and limits (`CanWithdraw`, `userWithdrawLimit`) ───────────────────

export const withdrawCoinQuerySchema = z.object({ coin: coinSchema, chain: chainSchema });
export type WithdrawCoinQuery = z.infer<typeof withdrawCoinQuerySchema>;

export const canWithdrawCoinSchema = z.object({
  coin: z.string(),
  chain: z.string(),
  canWithdraw: z.boolean(),
  /** Catalogue code explaining a refusal (21000004 suspended, 21000001 unsupported), `null` when allowed. */
  reasonCode: z.number().int().nullable(),
});
export type CanWithdrawCoin = z.infer<typeof canWithdrawCoinSchema>;

export const withdrawLimitSchema = z.object({
  coin: z.string(),
  chain: z.string(),
  scale: z.number().int(),
  displayPrecision: z.number().int(),
  /** The amount must be at least this (spec §5). */
  minWithdrawal: z.string(),
  /** Chain fee charged on top of the amount; 0 for an internal withdrawal. */
  fee: z.string(),
  available: z.string(),
  /** The most that can be sent now: min(available − fee, what is left of the 24-hour limit), never below 0. */
  maxWithdrawable: z.string(),
  /** Spec §9: the rolling 24-hour limit in USD (initially 2000) and what pending + completed withdrawals used of it. */
  dailyLimitUsd: z.string(),
  dailyUsedUsd: z.string(),
  dailyRemainingUsd: z.string(),
  /** The remaining limit in this coin at the current price. */
  dailyRemainingCoin: z.string(),
  usdPrice: z.string(),
  /** Withdrawals worth more than this (USD) need the second confirmation within 5 hours (§9). */
  largeWithdrawalUsd: z.string(),
  confirmationsToWithdraw: z.number().int(),
  /** The chain takes a memo / destination tag (XRP). */
  needsMemo: z.boolean(),
});
export type WithdrawLimit = z.infer<typeof withdrawLimitSchema>;

// ── Pre-withdraw and withdraw ───────────────────────────────────────────────────────────

export const preWithdrawBodySchema = z.object({
  coin: coinSchema,
  chain: chainSchema,
  address,
  tag: tag.optional(),
  amount: amountSchema,
});
export type PreWithdrawBody = z.infer<typeof preWithdrawBodySchema>;

export const preWithdrawSchema = z.object({
  coin: z.string(),
  chain: z.string(),
  /** Canonical form of the destination (EIP-55, lower-case bech32, classic XRP). */
  address: z.string(),
  tag: z.string().nullable(),
  amount: z.string(),
  fee: z.string(),
  /** Amount + fee: what leaves the balance. */
  totalDebit: z.string(),
  available: z.string(),
  usdValue: z.string(),
  /** The destination is another Coffer customer's deposit address: settled internally, no chain fee. */
  isInner: z.boolean(),
  innerAccountMasked: z.string().nullable(),
  /** XRP without a tag: the withdraw call must carry `confirmEmptyTag: true` (§5). */
  needsTagConfirmation: z.boolean(),
  /** A trusted address past its cooling period: no fund password or code needed (§5). */
  skipsVerification: z.boolean(),
  /** Worth more than the large-withdrawal threshold: a second confirmation follows (§9). */
  needsSecondConfirmation: z.boolean(),
  secondFactor,
});
export type PreWithdraw = z.infer<typeof preWithdrawSchema>;

export const withdrawParamsSchema = z.object({ coin: coinSchema, chain: chainSchema });

export const withdrawBodySchema = z.object({
  address,
  tag: tag.optional(),
  /** Spec §5: an XRP withdrawal without a tag needs this explicit confirmation. */
  confirmEmptyTag: z.boolean().optional(),
  amount: amountSchema,
  /** Required unless the destination is a trusted address past its cooling period. */
  fundPassword: z.string().max(16).optional(),
  emailCode: code.optional(),
  smsCode: code.optional(),
  gaCode: code.optional(),
  /** A passkey assertion (purpose `transfer`) in place of the code. */
  passkey: passkeyResponseSchema.optional(),
  /** The client's idempotency key: a retried submission creates and sends one withdrawal. */
  requestId: z.string().trim().min(8).max(64),
});
export type WithdrawBody = z.infer<typeof withdrawBodySchema>;

/** Second confirmation of a large withdrawal (§9), within 5 hours of its submission. */
export const confirmWithdrawalBodySchema = z.object({ serialNumber: z.string().trim().min(8).max(40) });
export const cancelWithdrawalBodySchema = confirmWithdrawalBodySchema;

/**
 * The statuses a customer sees. A withdrawal held by sanctions screening is shown as
 * `processing` (the server's own `underReview` is never named to the customer).
 */
export const withdrawalStatuses = ['awaitingConfirmation', 'processing', 'confirming', 'completed', 'failed', 'cancelled'] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

/** Spec §3 withdrawal: account type, coin, address, memo tag, amount, fee, serial number; plus status and txid. */
export const withdrawalRecordSchema = z.object({
  kind: z.literal('withdrawal'),
  id: z.string(),
  serialNumber: z.string(),
  /** ISO time of submission. */
  time: z.string(),
  /** `ordinary` goes on chain; `internal` is settled between Coffer customers without a chain fee. */
  accountType: z.enum(['ordinary', 'internal']),
  coin: z.string(),
  chain: z.string(),
  address: z.string(),
  tag: z.string().nullable(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(withdrawalStatuses),
  /** Why it failed or was cancelled: `broadcastRejected`, `chainFailed`, `confirmationExpired`, `cancelledByCustomer`, `cancelledByReview`. */
  failReason: z.string().nullable(),
  txid: z.string().nullable(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  /** Only while `awaitingConfirmation`: the second confirmation must come before this (ISO). */
  confirmBefore: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;

export const withdrawResultSchema = z.object({
  record: withdrawalRecordSchema,
  /** -10071 when the withdrawal waits for its second confirmation, else `null`. */
  confirmationCode: z.literal(-10071).nullable(),
});
export type WithdrawResult = z.infer<typeof withdrawResultSchema>;

export const withdrawalRecordsQuerySchema = z.object({
  coin: coinSchema.optional(),
  status: z.enum(withdrawalStatuses).optional(),
  ...pageQuerySchema.shape,
});
export type WithdrawalRecordsQuery = z.infer<typeof withdrawalRecordsQuerySchema>;
export const withdrawalRecordsPageSchema = pageSchema(withdrawalRecordSchema);

// ── `isStrangerAcAd`: has the customer used or saved this destination before? ──────────

export const strangerAddressQuerySchema = z.object({ chain: chainSchema, address, tag: tag.optional() });
export const strangerAddressSchema = z.object({
  isStranger: z.boolean(),
  inAddressBook: z.boolean(),
  trusted: z.boolean(),
  /** When the trusted address may be used without verification (ISO), `null` when not trusted. */
  usableWithoutVerificationAt: z.string().nullable(),
});
export type StrangerAddress = z.infer<typeof strangerAddressSchema>;

// ── Address book (`/uc/v1/withdraw-address`) ────────────────────────────────────────────

export const withdrawAddressQuerySchema = z.object({ chain: chainSchema.optional() });

/** Spec §3 address book entry: address, note, chain name, tag or memo, trusted (whitelist) flag. */
export const withdrawAddressSchema = z.object({
  id: z.string(),
  chain: z.string(),
  address: z.string(),
  tag: z.string().nullable(),
  note: z.string(),
  trusted: z.boolean(),
  trustedAt: z.string().nullable(),
  /** Trusted and past the cooling period (config, default 24 h): withdrawals skip verification. */
  usableWithoutVerificationAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WithdrawAddress = z.infer<typeof withdrawAddressSchema>;

export const addWithdrawAddressBodySchema = z.object({
  chain: chainSchema,
  address,
  tag: tag.optional(),
  /** Spec §5: at most 10 characters. */
  note: z.string().trim().min(1).max(10),
  /** Spec §5: an XRP address without a tag must be confirmed. */
  confirmEmptyTag: z.boolean().optional(),
  /** Spec §6: the code of the account's second factor (`secondFactor` of the withdraw check), as a withdrawal asks for it. */
  emailCode: code.optional(),
  smsCode: code.optional(),
  gaCode: code.optional(),
  /** A passkey assertion (purpose `transfer`) in place of the code. */
  passkey: passkeyResponseSchema.optional(),
});
export type AddWithdrawAddressBody = z.infer<typeof addWithdrawAddressBodySchema>;

export const withdrawAddressParamsSchema = z.object({ id: recordIdSchema('addressEntryNotFound') });

export const verifyTrustedAddressBodySchema = z.object({
  id: recordIdSchema('addressEntryNotFound'),
  fundPassword: z.string().max(16),
  emailCode: code.optional(),
  smsCode: code.optional(),
  gaCode: code.optional(),
  /** A passkey assertion (purpose `transfer`) in place of the code. */
  passkey: passkeyResponseSchema.optional(),
});
export type VerifyTrustedAddressBody = z.infer<typeof verifyTrustedAddressBodySchema>;

// ── Reconciliation (operator only) ──────────────────────────────────────────────────────

export const reconciliationLineSchema = z.object({
  chain: z.string(),
  asset: z.string(),
  /** Hot wallet + deposit addresses on chain. */
  onChain: z.string(),
  /** Ledger omnibus account of the asset. */
  ledgerOmnibus: z.string(),
  /** Withdrawals held but not yet settled. */
  pendingWithdrawals: z.string(),
  /** onChain − (omnibus + customer holds not yet on chain); zero when they agree. */
  difference: z.string(),
});
export const reconciliationRunSchema = z.object({
  runId: z.string(),
  at: z.string(),
  lines: z.array(reconciliationLineSchema),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;
