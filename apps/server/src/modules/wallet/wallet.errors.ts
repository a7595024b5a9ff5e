import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the wallet answers (balances, internal transfers, bills). */
export const walletError = domainErrors([
  'idempotencyConflict',
  'serviceUnavailable',
  'invalidParameter',
  'missingParameter',
  'userNotFound',
  'cannotTransferToSelf',
  'insufficientBalance',
  'billRangeTooLong',
  'noMatchingData',
] as const);
