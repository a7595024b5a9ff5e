import { z } from 'zod';
import {
  custodyAccountKinds,
  custodyAccountTiers,
  custodyApplicationStates,
  custodyAssignablePermissions,
  custodyBuiltInRoles,
  custodyBusinessTypes,
  custodyIndustries,
  custodyLimits,
  custodyMemberStates,
  custodyPermissions,
  custodyPoolLinkStates,
  custodyTransferFailReasons,
  custodyTransferStates,
} from '../rules/custody-rules';
import { depositAddressQuerySchema, depositAddressSchema } from './deposits';
import { amountSchema, chainSchema, coinSchema, pageQueryFields, pageSchema } from './primitives';
import { recordIdSchema } from './record-id';

/**
 * The enterprise custody console (issue 17, spec §3): the company application, the
 * organisation, its roles, members, business lines, common settings, custody accounts and
 * their address books. Texts are bounded here only against abuse; each §5 rule is checked by
 * the server with its own error code (and by the web's forms with the same message).
 */
const text = (max: number) => z.string().max(max);
const email = z.string().trim().max(254);

export const custodyIndustrySchema = z.enum(custodyIndustries);
export const custodyPermissionSchema = z.enum(custodyPermissions);
export const custodyAssignablePermissionSchema = z.enum(custodyAssignablePermissions);

// ── application ────────────────────────────────────────────────────────────────
export const custodyApplicationBodySchema = z.object({
  companyName: text(200),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  industry: custodyIndustrySchema,
  website: text(200),
  contactName: text(100),
  /** With its country calling code, digits only after an optional "+". */
  phone: z.string().trim().max(20),
  email,
});
export type CustodyApplicationBody = z.input<typeof custodyApplicationBodySchema>;

export const custodyApplicationSchema = z.object({
  id: z.string(),
  companyName: z.string(),
  country: z.string(),
  industry: custodyIndustrySchema,
  website: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  state: z.enum(custodyApplicationStates),
  rejectReason: z.string().nullable(),
  /** The sales contact the operator assigned on enabling. */
  salespersonEmail: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CustodyApplication = z.infer<typeof custodyApplicationSchema>;
/** The customer's latest application, or null before the first. */
export const myCustodyApplicationSchema = custodyApplicationSchema.nullable();

// ── the caller in the console ──────────────────────────────────────────────────
export const custodyMeSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string(), salespersonEmail: z.string().nullable() }),
  member: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    roleName: z.string(),
    builtInRole: z.enum(custodyBuiltInRoles).nullable(),
  }),
  permissions: z.array(custodyPermissionSchema),
  /** The organisation requires a security key or passkey and the member has none yet. */
  hardwareKeyMissing: z.boolean(),
  /** The organisation requires a security key or passkey: approvals are signed by one (`approvalOptions`). */
  hardwareKeyRequired: z.boolean(),
});
export type CustodyMe = z.infer<typeof custodyMeSchema>;

export const custodyActivateBodySchema = z.object({ token: z.string().trim().min(1).max(200) });
export type CustodyActivateBody = z.input<typeof custodyActivateBodySchema>;

// ── roles ──────────────────────────────────────────────────────────────────────
export const custodyIdParamsSchema = z.object({ id: recordIdSchema('noMatchingData') });

export const custodyRoleBodySchema = z.object({
  name: text(200),
  description: text(1000).default(''),
  permissions: z.array(custodyAssignablePermissionSchema).min(1).max(custodyAssignablePermissions.length),
});
export type CustodyRoleBody = z.input<typeof custodyRoleBodySchema>;

export const custodyRoleSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  builtInRole: z.enum(custodyBuiltInRoles).nullable(),
  permissions: z.array(custodyPermissionSchema),
  memberCount: z.number().int(),
  createdAt: z.string(),
});
export type CustodyRole = z.infer<typeof custodyRoleSchema>;
export const custodyRoleListSchema = z.array(custodyRoleSchema);

// ── members (personnel) ────────────────────────────────────────────────────────
export const custodyMemberBodySchema = z.object({
  email,
  name: text(200),
  phone: z.string().trim().max(20).default(''),
  department: text(200).default(''),
  note: text(1000).default(''),
  /** The salesperson account this member works with (an e-mail), or empty. */
  salespersonEmail: z.string().trim().max(254).default(''),
  roleId: recordIdSchema('noMatchingData'),
});
export type CustodyMemberBody = z.input<typeof custodyMemberBodySchema>;
/** An edit changes everything but the account e-mail. */
export const custodyMemberEditBodySchema = custodyMemberBodySchema.omit({ email: true });
export type CustodyMemberEditBody = z.input<typeof custodyMemberEditBodySchema>;

export const custodyMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  department: z.string(),
  note: z.string(),
  salespersonEmail: z.string(),
  roleId: z.string(),
  roleName: z.string(),
  state: z.enum(custodyMemberStates),
  /** Whether the member has a security key or passkey (WebAuthn) registered. */
  hasHardwareKey: z.boolean(),
  createdAt: z.string(),
  activatedAt: z.string().nullable(),
});
export type CustodyMember = z.infer<typeof custodyMemberSchema>;
export const custodyMemberListSchema = z.array(custodyMemberSchema);
/** Adding a member or sending its link again answers when the e-mailed link expires. */
export const custodyInvitationSchema = z.object({ member: custodyMemberSchema, activationExpiresAt: z.string() });
export type CustodyInvitation = z.infer<typeof custodyInvitationSchema>;

// ── business lines ─────────────────────────────────────────────────────────────
export const custodyLineLimitSchema = z.object({
  asset: coinSchema,
  perTransaction: amountSchema,
  perDay: amountSchema,
  perWeek: amountSchema,
  perMonth: amountSchema,
});
export type CustodyLineLimit = z.input<typeof custodyLineLimitSchema>;

export const custodyWhitelistEntrySchema = z.object({
  asset: coinSchema,
  chain: chainSchema,
  address: z.string().trim().min(1).max(128),
  tag: z.string().trim().max(20).default(''),
  note: text(1000).default(''),
});
export type CustodyWhitelistEntry = z.input<typeof custodyWhitelistEntrySchema>;

export const custodyLineBodySchema = z.object({
  name: text(200),
  /** The business-line admin (sub-admin) account: a valid e-mail (spec §5). */
  adminEmail: email,
  currencies: z.array(coinSchema).min(1).max(50),
  accountIds: z.array(recordIdSchema('noMatchingData')).max(50).default([]),
  minReviewers: z.number().int().min(1).max(custodyLimits.maxReviewers),
  reviewerMemberIds: z.array(recordIdSchema('noMatchingData')).max(custodyLimits.maxReviewers),
  limits: z.array(custodyLineLimitSchema).max(50).default([]),
  whitelist: z.array(custodyWhitelistEntrySchema).max(custodyLimits.addressesPerAccount).default([]),
});
export type CustodyLineBody = z.input<typeof custodyLineBodySchema>;

export const custodyLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  adminEmail: z.string(),
  currencies: z.array(z.string()),
  accountIds: z.array(z.string()),
  minReviewers: z.number().int(),
  reviewerMemberIds: z.array(z.string()),
  limits: z.array(
    z.object({ asset: z.string(), perTransaction: z.string(), perDay: z.string(), perWeek: z.string(), perMonth: z.string() }),
  ),
  whitelist: z.array(z.object({ asset: z.string(), chain: z.string(), address: z.string(), tag: z.string(), note: z.string() })),
  /** When the line was frozen (no order on it submitted or approved); null when it is not. */
  frozenAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustodyLine = z.infer<typeof custodyLineSchema>;
export const custodyLineListSchema = z.array(custodyLineSchema);

// ── common settings ────────────────────────────────────────────────────────────
export const custodySettingsSchema = z.object({
  /** Members must register a security key or passkey before approving anything. */
  requireHardwareKey: z.boolean(),
  /** Console session length in minutes, counted from the login: past it a console call answers custodySessionExpired. */
  sessionMinutes: z.number().int().min(5).max(720),
  /** Comma-separated IPv4/IPv6 addresses or CIDR ranges allowed to use the console; empty: any. */
  consoleIps: z.string().max(2000),
});
export type CustodySettings = z.infer<typeof custodySettingsSchema>;

// ── custody accounts and their address books ───────────────────────────────────
export const custodyAccountBodySchema = z.object({
  name: text(200),
  kind: z.enum(custodyAccountKinds),
  tier: z.enum(custodyAccountTiers),
});
export type CustodyAccountBody = z.input<typeof custodyAccountBodySchema>;

export const custodyAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(custodyAccountKinds),
  tier: z.enum(custodyAccountTiers),
  addressCount: z.number().int(),
  createdAt: z.string(),
});
export type CustodyAccount = z.infer<typeof custodyAccountSchema>;
export const custodyAccountListSchema = z.array(custodyAccountSchema);

export const custodyAddressBodySchema = z.object({
  asset: coinSchema,
  chain: chainSchema,
  address: z.string().trim().min(1).max(128),
  tag: z.string().trim().max(20).default(''),
  note: text(1000).default(''),
});
export type CustodyAddressBody = z.input<typeof custodyAddressBodySchema>;

export const custodyAddressSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  asset: z.string(),
  chain: z.string(),
  address: z.string(),
  tag: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type CustodyAddress = z.infer<typeof custodyAddressSchema>;
export const custodyAddressListSchema = z.array(custodyAddressSchema);

// ── overview (the console's home) ──────────────────────────────────────────────
export const custodyOverviewSchema = z.object({
  organisation: z.object({ id: z.string(), name: z.string(), country: z.string(), industry: custodyIndustrySchema, createdAt: z.string() }),
  lines: z.array(z.object({ id: z.string(), name: z.string(), minReviewers: z.number().int(), reviewerCount: z.number().int() })),
  membersByRole: z.array(
    z.object({ roleId: z.string(), roleName: z.string(), active: z.number().int(), invited: z.number().int(), frozen: z.number().int() }),
  ),
  accounts: z.array(custodyAccountSchema),
  /** What waits for someone: invitations not yet used, members without a required hardware key. */
  pending: z.object({ invitations: z.number().int(), hardwareKeysMissing: z.number().int() }),
});
export type CustodyOverview = z.infer<typeof custodyOverviewSchema>;

// ── balances of the custody accounts ───────────────────────────────────────────
/** One asset of a custody account, in the ledger (decimal strings of the coin; USD in cents, rounded down). */
export const custodyAccountAssetSchema = z.object({
  coin: z.string(),
  available: z.string(),
  frozen: z.string(),
  total: z.string(),
  /** available + frozen at the live USD price, two decimals, rounded down. */
  usdValue: z.string(),
});
export type CustodyAccountAsset = z.infer<typeof custodyAccountAssetSchema>;

export const custodyAccountBalancesSchema = z.object({
  accountId: z.string(),
  name: z.string(),
  kind: z.enum(custodyAccountKinds),
  tier: z.enum(custodyAccountTiers),
  usdValue: z.string(),
  /** Every asset the account has ever held (a ledger account), in catalogue order; none before its first deposit. */
  assets: z.array(custodyAccountAssetSchema),
});
export type CustodyAccountBalances = z.infer<typeof custodyAccountBalancesSchema>;

export const custodyBalancesSchema = z.object({
  /** Every account's assets together, in USD. */
  usdValue: z.string(),
  accounts: z.array(custodyAccountBalancesSchema),
});
export type CustodyBalances = z.infer<typeof custodyBalancesSchema>;

// ── deposit address of a custody account ───────────────────────────────────────
export const custodyDepositAddressQuerySchema = depositAddressQuerySchema;
export type CustodyDepositAddressQuery = z.input<typeof custodyDepositAddressQuerySchema>;
/** As an individual's deposit address (QR code as a PNG data URL), naming the custody account it credits. */
export const custodyDepositAddressSchema = depositAddressSchema.extend({ accountId: z.string() });
export type CustodyDepositAddress = z.infer<typeof custodyDepositAddressSchema>;

// ── transfer records (spec §3, §4) ─────────────────────────────────────────────
export const custodyTransferStateSchema = z.enum(custodyTransferStates);
export const custodyBusinessTypeSchema = z.enum(custodyBusinessTypes);

/** Spec §3 transfer record of a custody account. */
export const custodyTransferSchema = z.object({
  /** The record's own number. */
  flowId: z.string(),
  /** What it belongs to: the deposit (`D…`), the internal move (`M…`, both sides share it) or the withdrawal order's serial number. */
  orderNo: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  coin: z.string(),
  /** The network of a chain movement; null for an internal move. */
  chain: z.string().nullable(),
  /** Always positive; the business type says the direction. */
  quantity: z.string(),
  handlingFee: z.string(),
  /** The account's available balance of the coin right after this record's ledger entry; null until it has one. */
  accountBalance: z.string().nullable(),
  businessType: custodyBusinessTypeSchema,
  state: custodyTransferStateSchema,
  failReason: z.enum(custodyTransferFailReasons).nullable(),
  remarks: z.string(),
  /** ISO time the record was made (a deposit: when it was seen on chain). */
  recordedTime: z.string(),
  /** ISO time it was credited or released; null while pending and on failure. */
  completedTime: z.string().nullable(),
  /**
   * Where it came from: a payout from a linked mining-pool partner's payout address names the
   * partner; another deposit its sending addresses (comma-separated, empty when the chain names
   * none); a move the source account's name.
   */
  source: z.string(),
  /** The mining-pool partner (issue 17 item 11) whose linked payout address sent this deposit; null otherwise. */
  sourcePartner: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The sending addresses of a deposit (comma-separated, empty when the chain names none); empty for a move. */
  sourceAddresses: z.string(),
  /** The transaction hash of a chain movement; null for an internal move. */
  hash: z.string().nullable(),
  /** Where it went: the deposit address (with `#tag` on XRP), the destination account's name of a move, a withdrawal's recipient address (with `#tag`). */
  toAddress: z.string(),
});
export type CustodyTransfer = z.infer<typeof custodyTransferSchema>;

/** A calendar day, `YYYY-MM-DD` (UTC). */
const daySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/);

const transferFilterFields = {
  accountId: recordIdSchema('noMatchingData').optional(),
  coin: coinSchema.optional(),
  businessType: custodyBusinessTypeSchema.optional(),
  state: custodyTransferStateSchema.optional(),
  /** ISO dates or date-times; the range is [start, end). */
  start: z.string().trim().max(40).optional(),
  end: z.string().trim().max(40).optional(),
};
export const custodyTransfersQuerySchema = z.object({
  ...transferFilterFields,
  ...pageQueryFields({ maxPageNo: 10_000, defaultPageSize: 20 }),
});
export type CustodyTransfersQuery = z.input<typeof custodyTransfersQuerySchema>;
export const custodyTransfersPageSchema = pageSchema(custodyTransferSchema);
export type CustodyTransfersPage = z.infer<typeof custodyTransfersPageSchema>;

/**
 * The CSV download of the transfer history: the page's filters (start and end required, at most
 * `custodyLimits.reportRangeDays` apart) plus what a browser link cannot send as a header: `lang`
 * (zh-CN, zh-TW, ru, en) for the headers and words.
 */
export const custodyTransfersExportQuerySchema = z.object({
  ...transferFilterFields,
  lang: z.string().trim().max(10).optional(),
});
export type CustodyTransfersExportQuery = z.input<typeof custodyTransfersExportQuerySchema>;

// ── internal move between two accounts of the organisation ─────────────────────
export const custodyInternalMoveBodySchema = z.object({
  /** The client's idempotency key: the same key moves once (a double click, a retry). */
  requestId: z.string().trim().min(8).max(64),
  fromAccountId: recordIdSchema('noMatchingData'),
  toAccountId: recordIdSchema('noMatchingData'),
  coin: coinSchema,
  /** Decimal in the coin, greater than 0, at most the coin's decimals. */
  amount: amountSchema,
  /** At most 150 characters (spec §5), checked by the server with its own code. */
  note: text(1000).default(''),
});
export type CustodyInternalMoveBody = z.input<typeof custodyInternalMoveBodySchema>;

/** A move's two records: out of the source account (released), into the destination (credited). */
export const custodyInternalMoveSchema = z.object({
  orderNo: z.string(),
  out: custodyTransferSchema,
  in: custodyTransferSchema,
});
export type CustodyInternalMove = z.infer<typeof custodyInternalMoveSchema>;

// ── asset report ───────────────────────────────────────────────────────────────
export const custodyAssetReportQuerySchema = z.object({
  /** First and last day of the daily snapshots, both included (UTC days); the last 30 days when absent. */
  start: daySchema.optional(),
  end: daySchema.optional(),
  /** Only this account; every account of the organisation when absent. */
  accountId: recordIdSchema('noMatchingData').optional(),
});
export type CustodyAssetReportQuery = z.input<typeof custodyAssetReportQuerySchema>;

/** One account's holding of one coin now: balance (available + frozen) and its USD value. */
export const custodyHoldingSchema = z.object({
  accountId: z.string(),
  accountName: z.string(),
  kind: z.enum(custodyAccountKinds),
  tier: z.enum(custodyAccountTiers),
  coin: z.string(),
  balance: z.string(),
  available: z.string(),
  frozen: z.string(),
  /** USD per coin used for the value. */
  usdPrice: z.string(),
  usdValue: z.string(),
});
export type CustodyHolding = z.infer<typeof custodyHoldingSchema>;

/** The assets under custody at the end of one day (the daily snapshot), by coin, for the chart. */
export const custodyReportDaySchema = z.object({
  day: z.string(),
  usdValue: z.string(),
  coins: z.array(z.object({ coin: z.string(), balance: z.string(), usdValue: z.string() })),
});
export type CustodyReportDay = z.infer<typeof custodyReportDaySchema>;

export const custodyAssetReportSchema = z.object({
  /** ISO time of the current figures. */
  asOf: z.string(),
  usdValue: z.string(),
  holdings: z.array(custodyHoldingSchema),
  start: z.string(),
  end: z.string(),
  /** Each day of [start, end] that has a snapshot, oldest first (days before the first snapshot are absent). */
  days: z.array(custodyReportDaySchema),
});
export type CustodyAssetReport = z.infer<typeof custodyAssetReportSchema>;

/** The report's download: the current holdings and the daily snapshots of the range, as CSV or as an Excel workbook. */
export const custodyAssetReportExportQuerySchema = custodyAssetReportQuerySchema.extend({
  format: z.enum(['csv', 'xlsx']),
  lang: z.string().trim().max(10).optional(),
});
export type CustodyAssetReportExportQuery = z.input<typeof custodyAssetReportExportQuerySchema>;

// ── mining-pool partner links (issue 17 item 11) ──────────────────────────────
/**
 * The admin's new partner link: the custody account and the coin and network the partner pays
 * out, the partner's name (not blank, at most 50 characters) and how many days the link stays
 * usable (1–30, 7 when absent). Each rule is the server's, with its own code.
 */
export const custodyPoolLinkBodySchema = z.object({
  accountId: recordIdSchema('noMatchingData'),
  coin: coinSchema,
  chain: chainSchema,
  partnerName: text(200),
  expiresInDays: z.number().default(custodyLimits.poolLinkDefaultDays),
});
export type CustodyPoolLinkBody = z.input<typeof custodyPoolLinkBodySchema>;

/** A partner link and, once the partner used it, the partner's payout address. */
export const custodyPoolPartnerSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  coin: z.string(),
  chain: z.string(),
  partnerName: z.string(),
  state: z.enum(custodyPoolLinkStates),
  /** ISO time the link stops working unless used before. */
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The member who made the link. */
  createdBy: z.string(),
  /** The partner's payout (sending) address and contact, from when it linked; null before. */
  payoutAddress: z.string().nullable(),
  contactEmail: z.string().nullable(),
  linkedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  unlinkedAt: z.string().nullable(),
});
export type CustodyPoolPartner = z.infer<typeof custodyPoolPartnerSchema>;
export const custodyPoolPartnerListSchema = z.array(custodyPoolPartnerSchema);

/** A new link: the page's address with its single-use secret, answered this once (only its hash is kept). */
export const custodyPoolLinkCreatedSchema = z.object({
  partner: custodyPoolPartnerSchema,
  link: z.string(),
});
export type CustodyPoolLinkCreated = z.infer<typeof custodyPoolLinkCreatedSchema>;

/** The partner's page: the link's secret travels in the body, never in an address a log keeps. */
export const custodyPartnerLinkBodySchema = z.object({ token: z.string().trim().min(1).max(200) });
export type CustodyPartnerLinkBody = z.input<typeof custodyPartnerLinkBodySchema>;

/** What an open link shows its partner: whose account it pays into, and where payouts must be sent. */
export const custodyPartnerLinkSchema = z.object({
  organisationName: z.string(),
  accountName: z.string(),
  partnerName: z.string(),
  coin: z.string(),
  chain: z.string(),
  /** The custody account's deposit address for the coin on the network, with its QR code (PNG data URL). */
  depositAddress: z.string(),
  /** The XRP destination tag every payout must carry; null where the chain needs none. */
  memo: z.string().nullable(),
  qrCode: z.string(),
  minDeposit: z.string(),
  confirmationsToCredit: z.number().int(),
  expiresAt: z.string(),
});
export type CustodyPartnerLink = z.infer<typeof custodyPartnerLinkSchema>;

/** The partner's confirmation: its payout (sending) address, valid for the network, and a contact e-mail. */
export const custodyPartnerConfirmBodySchema = z.object({
  token: z.string().trim().min(1).max(200),
  payoutAddress: z.string().trim().max(200),
  email,
});
export type CustodyPartnerConfirmBody = z.input<typeof custodyPartnerConfirmBodySchema>;

export const custodyPartnerLinkedSchema = custodyPartnerLinkSchema.omit({ qrCode: true, expiresAt: true }).extend({
  /** The payout address as kept (the chain's canonical form). */
  payoutAddress: z.string(),
  linkedAt: z.string(),
});
export type CustodyPartnerLinked = z.infer<typeof custodyPartnerLinkedSchema>;

// ── back office ────────────────────────────────────────────────────────────────
export const adminCustodyApplicationsQuerySchema = z.object({
  state: z.enum(custodyApplicationStates).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminCustodyApplicationSchema = custodyApplicationSchema.extend({
  userNo: z.string(),
  account: z.string(),
  decidedBy: z.string().nullable(),
  organisationId: z.string().nullable(),
});
export type AdminCustodyApplication = z.infer<typeof adminCustodyApplicationSchema>;
export const adminCustodyApplicationListSchema = z.object({ total: z.number().int(), items: z.array(adminCustodyApplicationSchema) });
export const adminCustodyEnableBodySchema = z.object({ salespersonEmail: email });
export const adminCustodyRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(500) });
