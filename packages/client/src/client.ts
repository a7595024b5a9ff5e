import { apiResponseSigningHeaders } from '@coffer/contract/api-response-signing';
import { encodeQueryPart } from '@coffer/contract/api-signing';
import { headerNames } from '@coffer/contract/client';
import {
  pathWith,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@coffer/contract/endpoint';
import { defaultLanguage, languageTypeByLanguage, type Language } from '@coffer/contract/languages';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToBase64, utf8Bytes } from './bytes';
import { readEnvelope, unwrapEnvelope } from './envelope';
import { CofferHttpError, CofferResponseSignatureError } from './errors';
import { ed25519PublicKeyFrom, ed25519SecretKeyFrom } from './keys';
import { createNonce, signedRequestHeaders, verifyResponseSignature } from './signing';

export interface CofferClientOptions {
  /** Where Coffer answers, e.g. `https://api.example.com` (a path prefix is kept and signed). */
  baseUrl: string;
  /** The access key (public key ID) Coffer answered when the key was created. */
  accessKey: string;
  /** Ed25519 private key: PKCS#8 PEM (`openssl genpkey -algorithm ed25519`), or the 32-byte seed as hex, base64 or bytes. */
  privateKey: string | Uint8Array;
  /**
   * Coffer's platform public key (SPKI base64, answered at key creation and by `GET /ak/v1/permission`).
   * When given, every answer's `X-COFFER-SIGNATURE` is verified before its data is used.
   */
  platformPublicKey?: string | Uint8Array;
  /** Language of Coffer's messages (the `LANGUAGE-TYPE` header); English by default. */
  language?: Language;
  /** Milliseconds before a call is abandoned; 30 s by default. */
  timeoutMs?: number;
  /** For tests and other runtimes: the fetch, clock and nonce to use. */
  fetch?: typeof fetch;
  now?: () => number;
  createNonce?: () => string;
}

/** The parts of a request an endpoint defines; each is required exactly when the endpoint has it. */
export type CallInput<E extends Endpoint> = (E['params'] extends object ? { params: EndpointParams<E> } : { params?: never }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: never }) &
  (E['body'] extends object ? { body: EndpointBody<E> } : { body?: never });

/** The input may be left out when the endpoint needs none. */
export type CallArguments<E extends Endpoint> = object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

type QueryValue = string | number | boolean | bigint | null | undefined;

/** `?name=value&…` in the given order, each part RFC 3986-encoded as the canonical string encodes it. */
function queryString(query: object | undefined): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query ?? {}) as [string, QueryValue | QueryValue[]][]) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined || item === null) continue;
      parts.push(`${encodeQueryPart(name)}=${encodeQueryPart(String(item))}`);
    }
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

export interface SignedCaller {
  /** The raw public key (base64) of the private key in use: compare it with the key given to Coffer. */
  readonly publicKey: string;
  /** Calls a contract endpoint signed; resolves the envelope's `data`, throws a `CofferError` otherwise. */
  call<E extends Endpoint>(endpoint: E, ...input: CallArguments<E>): Promise<EndpointResponse<E>>;
}

export function createSignedCaller(options: CofferClientOptions): SignedCaller {
  const secretKey = ed25519SecretKeyFrom(options.privateKey);
  const platformKey = options.platformPublicKey === undefined ? null : ed25519PublicKeyFrom(options.platformPublicKey);
  const base = new URL(options.baseUrl);
  const pathPrefix = base.pathname.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const now = options.now ?? Date.now;
  const nextNonce = options.createNonce ?? createNonce;
  const languageType = languageTypeByLanguage[options.language ?? defaultLanguage];

  async function send(method: string, url: string, body: Uint8Array | undefined) {
    const nonce = nextNonce();
    const headers: Record<string, string> = {
      accept: 'application/json',
      [headerNames.languageType]: languageType,
      ...signedRequestHeaders(secretKey, options.accessKey, {
        method,
        url,
        body: body ?? new Uint8Array(),
        timestamp: String(now()),
        nonce,
      }),
    };
    if (body) headers['content-type'] = 'application/json';
    try {
      const response = await fetchImpl(`${base.origin}${url}`, {
        method,
        headers,
        // The very bytes that were hashed and signed.
        body,
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      return { response, bytes: new Uint8Array(await response.arrayBuffer()), nonce };
    } catch (error) {
      throw new CofferHttpError(`${method} ${url}: no answer from Coffer (${(error as Error).message})`, 0, { cause: error });
    }
  }

  return {
    publicKey: bytesToBase64(ed25519.getPublicKey(secretKey)),
    async call<E extends Endpoint>(endpoint: E, ...[input]: CallArguments<E>): Promise<EndpointResponse<E>> {
      const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: object; body?: unknown };
      const url = `${pathPrefix}${pathWith(endpoint.path, params)}${queryString(query)}`;
      // Serialised once: these bytes are hashed, signed and sent.
      const bodyBytes = body === undefined ? undefined : utf8Bytes(JSON.stringify(body));
      const { response, bytes, nonce } = await send(endpoint.method, url, bodyBytes);
      const signature = response.headers.get(apiResponseSigningHeaders.signature);
      const timestamp = response.headers.get(apiResponseSigningHeaders.timestamp);
      const requestId = response.headers.get(headerNames.requestId);
      const isSigned = platformKey !== null && signature !== null && timestamp !== null;
      if (
        isSigned &&
        !verifyResponseSignature(platformKey, { status: response.status, requestNonce: nonce, timestamp, body: bytes, signature })
      ) {
        throw new CofferResponseSignatureError('invalid', response.status, requestId);
      }
      const envelope = readEnvelope(response.status, bytes);
      // An unsigned refusal is still reported as the refusal it says it is; unsigned data is never used.
      if (platformKey && !isSigned && envelope.code === 0) throw new CofferResponseSignatureError('missing', response.status, requestId);
      return unwrapEnvelope<EndpointResponse<E>>(envelope, response.status, response.headers);
    },
  };
}
