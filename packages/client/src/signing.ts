import { canonicalResponseString } from '@coffer/contract/api-response-signing';
import { apiSigningHeaders, canonicalRequestString } from '@coffer/contract/api-signing';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base64ToBytes, bytesToBase64, utf8Bytes } from './bytes';

export function sha256Hex(bytes: Uint8Array): string {
  return bytesToHex(sha256(bytes));
}

const nonceAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** 24 random URL-safe characters (144 bits): 64 symbols, so each random byte's low 6 bits pick one evenly. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let nonce = '';
  for (const byte of bytes) nonce += nonceAlphabet[byte & 63];
  return nonce;
}

export interface RequestToSign {
  method: string;
  /** Path and optional `?query`, exactly as sent. */
  url: string;
  /** The exact body bytes sent; empty when there is no body. */
  body: Uint8Array;
  timestamp: string;
  nonce: string;
}

/** The canonical string of a request (the contract's rules) over the SHA-256 of its body bytes. */
export function requestCanonicalString(request: RequestToSign): string {
  return canonicalRequestString({
    method: request.method,
    url: request.url,
    bodySha256Hex: sha256Hex(request.body),
    timestamp: request.timestamp,
    nonce: request.nonce,
  });
}

/** Base64 Ed25519 signature of the request's canonical string. */
export function signRequest(secretKey: Uint8Array, request: RequestToSign): string {
  return bytesToBase64(ed25519.sign(utf8Bytes(requestCanonicalString(request)), secretKey));
}

/** The four signing headers of a request. */
export function signedRequestHeaders(secretKey: Uint8Array, accessKey: string, request: RequestToSign): Record<string, string> {
  return {
    [apiSigningHeaders.accessKey]: accessKey,
    [apiSigningHeaders.timestamp]: request.timestamp,
    [apiSigningHeaders.nonce]: request.nonce,
    [apiSigningHeaders.signature]: signRequest(secretKey, request),
  };
}

export interface ResponseToVerify {
  status: number;
  requestNonce: string;
  timestamp: string;
  /** The exact answer body bytes received. */
  body: Uint8Array;
  /** The X-COFFER-SIGNATURE value (base64). */
  signature: string;
}

/** Whether Coffer's signature of an answer verifies with the platform public key (RFC 8032 strict). */
export function verifyResponseSignature(platformPublicKey: Uint8Array, response: ResponseToVerify): boolean {
  const signature = base64ToBytes(response.signature.trim());
  if (signature?.length !== 64) return false;
  const text = canonicalResponseString({
    status: response.status,
    requestNonce: response.requestNonce,
    timestamp: response.timestamp,
    bodySha256Hex: sha256Hex(response.body),
  });
  try {
    return ed25519.verify(signature, utf8Bytes(text), platformPublicKey, { zip215: false });
  } catch {
    return false;
  }
}
