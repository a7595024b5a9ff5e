import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the kyc module answers. */
export const kycError = domainErrors([
  'kycAgeOutOfRange',
  'kycCountryRestricted',
  'kycFieldInvalid',
  'kycDocumentTooSmall',
  'kycDocumentTooLarge',
  'kycDocumentType',
  'kycUploadFailed',
  'kycVideoTooLong',
  'kycVideoFailed',
  'kycQrUnavailable',
  'kycLevelOrder',
  'kycAlreadyVerifying',
  'kycAlreadyVerified',
  'kycUploadNotFound',
  'kycProviderSessionInvalid',
  'kycIdCheckWrong',
  'invalidSignature',
  'noMatchingData',
  'invalidParameter',
  'tooManyRequests',
] as const);
