/**
 * `@coffer/client`: a small typed client for Coffer's customer API. Every request is signed with
 * the customer's Ed25519 key as the contract's `api-signing` rules say; answers are verified with
 * Coffer's platform public key when it is given.
 */
export { createCofferClient, type CofferClient } from './coffer-client';
export { createSignedCaller, type CallArguments, type CallInput, type CofferClientOptions, type SignedCaller } from './client';
export { readEnvelope, unwrapEnvelope, type CofferEnvelope } from './envelope';
export { CofferApiError, CofferError, CofferHttpError, CofferKeyError, CofferResponseSignatureError } from './errors';
export { ed25519PublicKeyFrom, ed25519SecretKeyFrom } from './keys';
export {
  createNonce,
  requestCanonicalString,
  sha256Hex,
  signRequest,
  signedRequestHeaders,
  verifyResponseSignature,
  type RequestToSign,
  type ResponseToVerify,
} from './signing';
