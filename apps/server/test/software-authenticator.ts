import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * Test-only: a software WebAuthn authenticator (the standard way to test a WebAuthn server).
 * It holds an ES256 (P-256) key pair, answers registration options with an attestation of
 * format `none` and authentication options with a signed assertion, building the CBOR,
 * authenticator data and client data by hand as a browser and a security key would.
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | Cbor[];

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** A tiny CBOR encoder: integers, byte and text strings, arrays and maps (all WebAuthn needs). */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest();

export interface SoftwareAuthenticatorOptions {
  rpId?: string;
  origin?: string;
}

export interface SoftwareAuthenticator {
  credentialId: string;
  /** The credential's public key as a registration hands it to the server (COSE, what `passkey.public_key` holds). */
  cosePublicKey: Buffer;
  /** The signature counter the next assertion reports (it increments after each). */
  counter: number;
  register(options: { challenge: string }, override?: { origin?: string; rpId?: string }): Record<string, unknown>;
  assert(options: { challenge: string }, override?: { origin?: string; rpId?: string; counter?: number }): Record<string, unknown>;
}

export function softwareAuthenticator(settings: SoftwareAuthenticatorOptions = {}): SoftwareAuthenticator {
  const rpId = settings.rpId ?? 'localhost';
  const origin = settings.origin ?? 'http://localhost:8080';
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialIdBytes = randomBytes(32);
  const cose = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );

  function clientData(type: string, challenge: string, at: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: at, crossOrigin: false }), 'utf8');
  }

  function counterBytes(counter: number): Buffer {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(counter);
    return bytes;
  }

  const authenticator: SoftwareAuthenticator = {
    credentialId: b64url(credentialIdBytes),
    cosePublicKey: cose,
    counter: 1,

    register(options, override = {}) {
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialIdBytes.length);
      const authData = Buffer.concat([
        sha256(override.rpId ?? rpId),
        Buffer.from([0x45]), // user present, user verified, attested credential data
        counterBytes(0),
        Buffer.alloc(16), // AAGUID
        idLength,
        credentialIdBytes,
        cose,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, override.origin ?? origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },

    assert(options, override = {}) {
      const counter = override.counter ?? authenticator.counter;
      if (override.counter === undefined) authenticator.counter += 1;
      const authData = Buffer.concat([sha256(override.rpId ?? rpId), Buffer.from([0x05]), counterBytes(counter)]);
      const data = clientData('webauthn.get', options.challenge, override.origin ?? origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey as KeyObject);
      return {
        id: authenticator.credentialId,
        rawId: authenticator.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
        clientExtensionResults: {},
      };
    },
  };
  return authenticator;
}
