import { createHash, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiNoncePattern, apiTimestampWindowMs, canonicalRequestString } from '@coffer/contract/api-signing';
import { errorCatalogue } from '@coffer/contract/errors';

/** A request as the server received it, and whether its signature held. */
export interface ReceivedRequest {
  method: string;
  /** Path and query exactly as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** null when the request verified; else why it did not. */
  refusal: string | null;
}

export interface Answer {
  status?: number;
  code?: number;
  msg?: string;
  data?: unknown;
  headers?: Record<string, string>;
}

/** How the server signs its answers: properly, not at all, with another key, or signed then changed. */
export type ResponseSigning = 'sign' | 'none' | 'wrongKey' | 'tamperBody';

export interface SignedApiServerOptions {
  accessKey: string;
  /** The customer's public key (PEM) requests must verify with. */
  customerPublicKeyPem: string;
  answer: (request: ReceivedRequest) => Answer;
  responseSigning?: ResponseSigning;
}

export interface SignedApiServer {
  url: string;
  /** The platform public key as Coffer answers it: SPKI DER, base64. */
  platformPublicKey: string;
  requests: ReceivedRequest[];
  setResponseSigning(mode: ResponseSigning): void;
  close(): Promise<void>;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function sha256Hex(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The checks of the documented rules, in order; the first that fails is the refusal. */
function refusalOf(
  request: IncomingMessage,
  body: Buffer,
  options: SignedApiServerOptions,
  seen: Set<string>,
  key: KeyObject,
): string | null {
  const accessKey = header(request.headers, 'x-access-key');
  const timestamp = header(request.headers, 'x-timestamp') ?? '';
  const nonce = header(request.headers, 'x-nonce') ?? '';
  const signature = header(request.headers, 'x-signature') ?? '';
  if (accessKey !== options.accessKey) return `unknown access key ${accessKey}`;
  if (!/^\d{13}$/.test(timestamp) || Math.abs(Date.now() - Number(timestamp)) > apiTimestampWindowMs) return `timestamp ${timestamp}`;
  if (!apiNoncePattern.test(nonce)) return `nonce ${nonce} malformed`;
  if (seen.has(nonce)) return `nonce ${nonce} replayed`;
  const canonical = canonicalRequestString({
    method: request.method ?? '',
    url: request.url ?? '',
    bodySha256Hex: sha256Hex(body),
    timestamp,
    nonce,
  });
  if (!verify(null, Buffer.from(canonical, 'utf8'), key, Buffer.from(signature, 'base64'))) return 'signature does not verify';
  seen.add(nonce);
  return null;
}

/**
 * A local HTTP server that checks signed requests exactly as `/docs` describes them (access key,
 * timestamp within ±30 s, nonce format and single use, Ed25519 over the canonical string of the
 * method, the path and query as sent and the SHA-256 of the body bytes received) and signs its
 * answers as Coffer does: `${status}\n${requestNonce}\n${timestamp}\n${sha256hex(body)}`.
 */
export async function startSignedApiServer(options: SignedApiServerOptions): Promise<SignedApiServer> {
  const customerKey = createPublicKey(options.customerPublicKeyPem);
  const platform = generateKeyPairSync('ed25519');
  const stranger = generateKeyPairSync('ed25519');
  const seenNonces = new Set<string>();
  const requests: ReceivedRequest[] = [];
  let signing: ResponseSigning = options.responseSigning ?? 'sign';

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const refusal = refusalOf(request, body, options, seenNonces, customerKey);
      const received: ReceivedRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body, refusal };
      requests.push(received);
      const answer: Answer = refusal
        ? {
            status: 401,
            code: errorCatalogue.invalidSignature.code,
            msg: `Invalid signature (${refusal})`,
            data: { requestId: 'req-refused' },
          }
        : options.answer(received);
      const status = answer.status ?? 200;
      const text = JSON.stringify({ code: answer.code ?? 0, msg: answer.msg ?? 'success', data: answer.data ?? null });
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'x-request-id': 'req-header-id',
        ...answer.headers,
      };
      if (signing !== 'none') {
        const timestamp = String(Date.now());
        const signed = [String(status), header(request.headers, 'x-nonce') ?? '', timestamp, sha256Hex(text)].join('\n');
        const signer = signing === 'wrongKey' ? stranger.privateKey : platform.privateKey;
        headers['x-coffer-timestamp'] = timestamp;
        headers['x-coffer-signature'] = sign(null, Buffer.from(signed, 'utf8'), signer).toString('base64');
      }
      response.writeHead(status, headers);
      response.end(signing === 'tamperBody' ? text.replace(/"code":0/, '"code":0 ') : text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    platformPublicKey: platform.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    requests,
    setResponseSigning: (mode) => {
      signing = mode;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
