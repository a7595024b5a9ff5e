import type { CustodyApplicationBody } from '@coffer/contract';
import { custodyLimits, findCountry, isEmailAddress } from '@coffer/contract/rules';

/**
 * The company application's rules (spec §3, §5), as the server checks them
 * (`application.service.ts` `checkedApplication`): each field's rule is shown under it before
 * sending and checked on the way out, so a refusal is rare.
 */
export const applicationLimits = {
  companyName: custodyLimits.companyNameMaxChars,
  website: 200,
  contactName: custodyLimits.nameMaxChars,
} as const;

/** Digits after an optional "+", 4–16 of them, once spaces and dashes are gone. */
export function isApplicationPhone(phone: string): boolean {
  return /^\+?[0-9]{4,16}$/.test(phone.replace(/[\s-]/g, ''));
}

/** A host with a dot, with or without http(s)://. */
export function isApplicationWebsite(website: string): boolean {
  return /^(https?:\/\/)?[^\s/]+\.[^\s]+$/i.test(website.trim());
}

export function isApplicationCountry(code: string | undefined): boolean {
  return code !== undefined && findCountry(code) !== undefined;
}

export function isApplicationEmail(email: string): boolean {
  return isEmailAddress(email.trim().toLowerCase());
}

export type ApplicationFormValues = CustodyApplicationBody;
