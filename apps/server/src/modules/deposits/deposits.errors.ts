import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the deposits answer (addresses, records, the dev faucet). */
export const depositError = domainErrors([
  'depositNotAvailable',
  'invalidParameter',
  'faucetCoinNotSupported',
  'chainUnavailable',
] as const);
