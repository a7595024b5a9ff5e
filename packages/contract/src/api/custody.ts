import { z } from 'zod';
import {
  custodyAccountKinds,
  custodyAccountTiers,
  custodyApplicationStates,
  custodyAssignablePermissions,
  custodyBuiltInRoles,
  custodyIndustries,
  custodyLimits,
  custodyMemberStates,
  custodyPermissions,
} from '../rules/custody-rules';
import { amountSchema, chainSchema, coinSchema } from './primitives';
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
  createdAt: z.string(),
});
export type CustodyLine = z.infer<typeof custodyLineSchema>;
export const custodyLineListSchema = z.array(custodyLineSchema);

// ── common settings ────────────────────────────────────────────────────────────
export const custodySettingsSchema = z.object({
  /** Members must register a security key or passkey before approving anything. */
  requireHardwareKey: z.boolean(),
  /** Console idle session length, minutes. */
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
