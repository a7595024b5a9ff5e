import type { ErrorKey } from '../errors/catalogue';
import { limits } from '../constants';
import { isEmailAddress, normaliseEmail } from './account-rules';
import { findCountry } from './countries';

/**
 * The enterprise custody console (spec §1–§6, issue 17): what a company applies with, the
 * permissions a role may hold, the built-in roles, and the §5 rules, written once for server
 * and web.
 */

/** Industries of the company application (spec §3). */
export const custodyIndustries = ['exchange', 'fund', 'tokenIssuer', 'payment', 'miningPool', 'other'] as const;
export type CustodyIndustry = (typeof custodyIndustries)[number];

/**
 * What a console call can be guarded by. The first six may be given to a custom role (spec §6:
 * ordering and billing, reviewing, trading, viewing the asset report, managing members and
 * roles, managing addresses); business lines, common settings and custody accounts belong to the
 * enterprise admin alone.
 */
export const custodyPermissions = [
  'orders',
  'review',
  'trade',
  'assetReport',
  'members',
  'addresses',
  'lines',
  'settings',
  'accounts',
] as const;
export type CustodyPermission = (typeof custodyPermissions)[number];
export const custodyAssignablePermissions = [
  'orders',
  'review',
  'trade',
  'assetReport',
  'members',
  'addresses',
] as const satisfies readonly CustodyPermission[];

/** The built-in roles of spec §6 and what each may do; they cannot be edited or deleted. */
export const custodyBuiltInRoles = ['admin', 'lineAdmin', 'salesperson', 'approver'] as const;
export type CustodyBuiltInRole = (typeof custodyBuiltInRoles)[number];
export const custodyBuiltInPermissions: Readonly<Record<CustodyBuiltInRole, readonly CustodyPermission[]>> = {
  admin: custodyPermissions,
  lineAdmin: ['orders', 'review', 'assetReport', 'addresses'],
  salesperson: ['assetReport'],
  approver: ['review'],
};

/** Custody account types of spec §3: hot or cold storage, enterprise or prime. */
export const custodyAccountKinds = ['hot', 'cold'] as const;
export type CustodyAccountKind = (typeof custodyAccountKinds)[number];
export const custodyAccountTiers = ['enterprise', 'prime'] as const;
export type CustodyAccountTier = (typeof custodyAccountTiers)[number];

/** Member states of spec §4: invited until the link is used, then activated; frozen and thawed. */
export const custodyMemberStates = ['invited', 'active', 'frozen'] as const;
export type CustodyMemberState = (typeof custodyMemberStates)[number];

export const custodyApplicationStates = ['pending', 'enabled', 'rejected'] as const;
export type CustodyApplicationState = (typeof custodyApplicationStates)[number];

/**
 * Transfer record states of spec §4: an outgoing movement is pending release until it leaves
 * the account (released); an incoming one is pending credit until the ledger credits it
 * (credited); either ends in failure when it never happens (a deposit below the minimum, undone
 * by a chain reorganisation, or refused by compliance).
 */
export const custodyTransferStates = ['released', 'pendingRelease', 'pendingCredit', 'credited', 'failure'] as const;
export type CustodyTransferState = (typeof custodyTransferStates)[number];

/** Business types of a transfer record (spec §3): a chain deposit, or one side of an internal move between the organisation's accounts. */
export const custodyBusinessTypes = ['deposit', 'internalIn', 'internalOut', 'withdrawal'] as const;
export type CustodyBusinessType = (typeof custodyBusinessTypes)[number];

/** Why a transfer record ended in failure. */
export const custodyTransferFailReasons = ['belowMinimum', 'reorganised', 'refused'] as const;
export type CustodyTransferFailReason = (typeof custodyTransferFailReasons)[number];

/**
 * A mining-pool partner link (issue 17 item 11), as the console lists it: open until the partner
 * links its payout address (linked), the admin revokes it (revoked) or it expires (expired); a
 * linked partner the admin unlinks stops naming payouts from then on (unlinked).
 */
export const custodyPoolLinkStates = ['open', 'linked', 'unlinked', 'expired', 'revoked'] as const;
export type CustodyPoolLinkState = (typeof custodyPoolLinkStates)[number];

export const custodyLimits = {
  noteMaxChars: limits.custodyNoteMaxChars,
  addressesPerAccount: limits.addressesPerCustodyAccount,
  lineNameMaxChars: 50,
  roleNameMaxChars: 30,
  roleDescriptionMaxChars: 200,
  companyNameMaxChars: 100,
  nameMaxChars: 50,
  departmentMaxChars: 50,
  maxReviewers: 20,
  /** Hours an activation link stays usable. */
  activationHours: 72,
  consoleIpsMax: 20,
  /** Longest range, in days, of the asset report's daily snapshots and of a transfer history or report download. */
  reportRangeDays: 366,
  /** Days a mining-pool partner link stays usable: the admin's choice up to the maximum, the default when not chosen. */
  poolLinkDefaultDays: 7,
  poolLinkMaxDays: 30,
  poolPartnerNameMaxChars: 50,
} as const;

/** Role name (spec §5): not blank, at most 30 characters (uniqueness is the server's). */
export function checkRoleName(name: string): ErrorKey | null {
  const trimmed = name.trim();
  return trimmed === '' || trimmed.length > custodyLimits.roleNameMaxChars ? 'roleNameInvalid' : null;
}

/** Business line name (spec §5): not blank, not too long (uniqueness is the server's). */
export function checkLineName(name: string): ErrorKey | null {
  const trimmed = name.trim();
  return trimmed === '' || trimmed.length > custodyLimits.lineNameMaxChars ? 'custodyLineNameInvalid' : null;
}

/** Admin account (spec §5): a valid e-mail address. */
export function checkAdminEmail(email: string): ErrorKey | null {
  return isEmailAddress(email.trim()) ? null : 'custodyAdminEmailInvalid';
}

/** A mining-pool partner's name: not blank, at most 50 characters, one line without control characters. */
export function checkPoolPartnerName(name: string): ErrorKey | null {
  const trimmed = name.trim();
  const characters = [...trimmed];
  const hasControl = characters.some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f);
  return trimmed === '' || characters.length > custodyLimits.poolPartnerNameMaxChars || hasControl ? 'custodyPoolPartnerNameInvalid' : null;
}

/** A partner link's lifetime in whole days, 1 to 30. */
export function checkPoolLinkDays(days: number): ErrorKey | null {
  return Number.isInteger(days) && days >= 1 && days <= custodyLimits.poolLinkMaxDays ? null : 'custodyPoolLinkDaysInvalid';
}

/** A custody note (spec §5, §9): at most 150 characters. */
export function checkCustodyNote(note: string): ErrorKey | null {
  return note.length > custodyLimits.noteMaxChars ? 'custodyNoteTooLong' : null;
}

/** Reviewers (spec §5): at least the minimum number of reviewers, which is at least one. */
export function checkReviewers(reviewerCount: number, minReviewers: number): ErrorKey | null {
  return reviewerCount >= minReviewers ? null : 'custodyReviewersBelowMinimum';
}

// ── Company application (spec §3, §5) ───────────────────────────────────────────────────

/** The company application's fields (spec §3), in the form's order. */
export const custodyApplicationFields = ['companyName', 'country', 'industry', 'website', 'contactName', 'phone', 'email'] as const;
export type CustodyApplicationField = (typeof custodyApplicationFields)[number];

/** The application as a form holds it: any field may still be missing. */
export type CustodyApplicationInput = { readonly [F in CustodyApplicationField]?: string | null | undefined };

/** The longest company name, website and contact name, counted after trimming. */
export const custodyApplicationLimits = {
  companyName: custodyLimits.companyNameMaxChars,
  website: 200,
  contactName: custodyLimits.nameMaxChars,
} as const;

/**
 * What is wrong with a field: blank, too long, or not a country of the list, an industry of
 * §3, a web address (a host with a dot, with or without http(s)://), a phone number (4–16
 * digits after an optional "+", spaces and dashes aside) or an e-mail address.
 */
export type CustodyApplicationRule = 'required' | 'tooLong' | 'country' | 'industry' | 'website' | 'phone' | 'email';

export type CustodyApplicationErrorKey = Extract<
  ErrorKey,
  'missingParameter' | 'invalidParameter' | 'countryNotFound' | 'emailOrPhoneFormat'
>;

/** The envelope error the server answers for each broken rule, naming the field. */
export const custodyApplicationErrorKeys: Readonly<Record<CustodyApplicationRule, CustodyApplicationErrorKey>> = {
  required: 'missingParameter',
  tooLong: 'invalidParameter',
  country: 'countryNotFound',
  industry: 'invalidParameter',
  website: 'invalidParameter',
  phone: 'emailOrPhoneFormat',
  email: 'emailOrPhoneFormat',
};

export interface CustodyApplicationProblem {
  field: CustodyApplicationField;
  rule: CustodyApplicationRule;
  /** The server's answer to it (`custodyApplicationErrorKeys`). */
  errorKey: CustodyApplicationErrorKey;
}

/** A phone number as stored: spaces and dashes removed. */
export function cleanCustodyPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

function checkRequiredText(value: string, max: number): CustodyApplicationRule | null {
  const trimmed = value.trim();
  if (trimmed === '') return 'required';
  return trimmed.length > max ? 'tooLong' : null;
}

function checkApplicationField(field: CustodyApplicationField, value: string): CustodyApplicationRule | null {
  switch (field) {
    case 'companyName':
    case 'contactName':
      return checkRequiredText(value, custodyApplicationLimits[field]);
    case 'country':
      return findCountry(value.trim()) ? null : 'country';
    case 'industry':
      return (custodyIndustries as readonly string[]).includes(value) ? null : 'industry';
    case 'website':
      return (
        checkRequiredText(value, custodyApplicationLimits.website) ??
        (/^(https?:\/\/)?[^\s/]+\.[^\s]+$/i.test(value.trim()) ? null : 'website')
      );
    case 'phone':
      return /^\+?[0-9]{4,16}$/.test(cleanCustodyPhone(value)) ? null : 'phone';
    case 'email':
      return isEmailAddress(normaliseEmail(value)) ? null : 'email';
  }
}

/**
 * Every problem of a company application by the §5 rules, at most one per field, in the
 * form's order; empty when valid. The server refuses the first with its `errorKey`; the form
 * shows each under its field.
 */
export function validateCustodyApplication(input: CustodyApplicationInput): CustodyApplicationProblem[] {
  return custodyApplicationFields.flatMap((field) => {
    const rule = checkApplicationField(field, input[field] ?? '');
    return rule ? [{ field, rule, errorKey: custodyApplicationErrorKeys[rule] }] : [];
  });
}

/** A valid application as stored: names and website trimmed, the phone cleaned, the e-mail normalised. */
export function cleanCustodyApplication<T extends { [F in CustodyApplicationField]: string }>(body: T): T {
  return {
    ...body,
    companyName: body.companyName.trim(),
    website: body.website.trim(),
    contactName: body.contactName.trim(),
    phone: cleanCustodyPhone(body.phone),
    email: normaliseEmail(body.email),
  };
}
