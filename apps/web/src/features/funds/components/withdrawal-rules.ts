import { limits } from '@coffer/contract/constants';

/**
 * The address-book and withdrawal field rules the server applies (contract `withdrawals.ts`
 * schemas and spec §5/§9 limits), checked in the form before anything is sent.
 */
export const withdrawalFieldRules = {
  addressMinChars: 3,
  addressMaxChars: 128,
  tagMaxChars: limits.xrpTagMaxChars,
  noteMaxChars: limits.addressNoteMaxChars,
} as const;

/** An address has no spaces inside; the chain's own format is checked by the server ("invalid address"). */
export const addressPattern = /^\S+$/;
