import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys custody billing answers (15000110–15000117, and the platform's own). */
export const billingError = domainErrors([
  'custodyBillNotFound',
  'custodyBillingOrgNotFound',
  'custodyBillingRateInvalid',
  'custodyBillingMinimumInvalid',
  'custodyDeductionAccountsRequired',
  'custodyDeductionAccountInvalid',
  'custodyDeductionDuplicate',
  'custodyBillingMonthInvalid',
]);
