import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the API key module answers: key management (§5 rules, two steps) and signed requests (§8). */
export const apiKeyError = domainErrors([
  'enterpriseTokenInvalid',
  'noPermission',
  'accessKeyMissing',
  'invalidSignature',
  'tooManyRequests',
  'apiTimestampOutsideWindow',
  'apiNonceReused',
  'apiIpNotAllowed',
  'apiKeyLimitReached',
  'apiKeyLabelInvalid',
  'apiKeyIpListInvalid',
  'apiKeyPublicKeyInvalid',
  'apiKeyChangeNotFound',
  'apiKeyNotFound',
  'apiKeyPublicKeyInUse',
  'apiKeyPendingChangesLimitReached',
  'fundPasswordNotSet',
  'invalidParameter',
  'missingParameter',
]);
