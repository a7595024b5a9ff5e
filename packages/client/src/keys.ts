import { ed25519PublicKeyBytes } from '@coffer/contract/api-key-rules';
import { hexToBytes } from '@noble/hashes/utils.js';
import { base64ToBytes, bytesStartWith } from './bytes';
import { CofferKeyError } from './errors';

/**
 * PKCS#8 v1 of an Ed25519 key (RFC 8410), as `openssl genpkey -algorithm ed25519` writes it:
 * SEQUENCE { INTEGER 0, SEQUENCE { OID 1.3.101.112 }, OCTET STRING { OCTET STRING (32) } } — the
 * 32-byte seed is the last 32 of its 48 bytes.
 */
const pkcs8Ed25519Prefix = hexToBytes('302e020100300506032b657004220420');
const pkcs8Length = pkcs8Ed25519Prefix.length + 32;

function seedFromPkcs8(der: Uint8Array): Uint8Array {
  if (der.length !== pkcs8Length || !bytesStartWith(der, pkcs8Ed25519Prefix)) {
    throw new CofferKeyError('The private key is not an Ed25519 PKCS#8 key (make one with: openssl genpkey -algorithm ed25519)');
  }
  return der.slice(pkcs8Ed25519Prefix.length);
}

function seedFromPem(pem: string): Uint8Array {
  const match = /^-----BEGIN ([A-Z0-9 ]+)-----\s+([A-Za-z0-9+/=\s]+?)\s*-----END \1-----$/.exec(pem);
  if (!match) throw new CofferKeyError('The private key PEM is malformed');
  if (match[1] !== 'PRIVATE KEY') {
    throw new CofferKeyError(
      `A "${match[1]}" PEM is not usable: give an unencrypted Ed25519 key as "openssl genpkey -algorithm ed25519" prints it`,
    );
  }
  const der = base64ToBytes(match[2]!.replace(/\s+/g, ''));
  if (!der) throw new CofferKeyError('The private key PEM holds invalid base64');
  return seedFromPkcs8(der);
}

/**
 * The 32-byte Ed25519 secret key (seed) from a PKCS#8 PEM, 64 hex characters, base64 of the
 * 32-byte seed or of the PKCS#8 DER, or those bytes themselves.
 */
export function ed25519SecretKeyFrom(key: string | Uint8Array): Uint8Array {
  if (key instanceof Uint8Array) {
    if (key.length === 32) return key.slice();
    return seedFromPkcs8(key);
  }
  const text = key.trim();
  if (text.startsWith('-----BEGIN')) return seedFromPem(text);
  if (/^[0-9A-Fa-f]{64}$/.test(text)) return hexToBytes(text);
  const bytes = base64ToBytes(text);
  if (bytes?.length === 32) return bytes;
  if (bytes?.length === pkcs8Length) return seedFromPkcs8(bytes);
  throw new CofferKeyError('The private key must be a PKCS#8 PEM, or the 32-byte Ed25519 seed as 64 hex characters or base64');
}

/**
 * The 32-byte Ed25519 public key from its SPKI (base64 or PEM, as Coffer answers the platform key)
 * or the raw key (base64 or hex), or those bytes themselves.
 */
export function ed25519PublicKeyFrom(key: string | Uint8Array): Uint8Array {
  if (key instanceof Uint8Array) {
    if (key.length === 32) return key.slice();
    throw new CofferKeyError('An Ed25519 public key has 32 bytes');
  }
  const bytes = ed25519PublicKeyBytes(key);
  if (!bytes)
    throw new CofferKeyError('The platform public key is not an Ed25519 key (SPKI base64 or PEM, or the raw key as base64 or hex)');
  return bytes;
}
