import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the sanctions module answers (the back office's list and hold calls). */
export const sanctionsError = domainErrors([
  'sanctionsListInvalid',
  'sanctionsListTooLarge',
  'sanctionsListNotNewer',
  'sanctionsListNoAddresses',
  'sanctionsEntryNotFound',
  'sanctionsEntryAlreadyListed',
  'sanctionsHoldNotFound',
  'sanctionsHoldAlreadyDecided',
  'invalidAddress',
] as const);
