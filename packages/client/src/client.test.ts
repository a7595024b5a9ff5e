import { createHash, generateKeyPairSync, verify } from 'node:crypto';
import { canonicalRequestString } from '@coffer/contract/api-signing';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCofferClient, type CofferClient } from './coffer-client';
import { CofferApiError, CofferHttpError, CofferResponseSignatureError } from './errors';
import { runExampleFlow } from './example-flow';
import { answerExampleFlow } from './test-support/example-flow-answers';
import { startSignedApiServer, type Answer, type ReceivedRequest, type SignedApiServer } from './test-support/signed-api-server';

const customer = generateKeyPairSync('ed25519');
const privateKeyPem = customer.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const accessKey = 'AKTEST000000000001';
let server: SignedApiServer;
/** What the server answers next call; the example flow's answers unless a test says otherwise. */
let answer: (request: ReceivedRequest) => Answer = answerExampleFlow;

beforeAll(async () => {
  server = await startSignedApiServer({
    accessKey,
    customerPublicKeyPem: customer.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    answer: (request) => answer(request),
  });
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setResponseSigning('sign');
  answer = answerExampleFlow;
});

function client(options: { platformPublicKey?: string; baseUrl?: string } = {}): CofferClient {
  return createCofferClient({
    baseUrl: server.url,
    accessKey,
    privateKey: privateKeyPem,
    platformPublicKey: server.platformPublicKey,
    ...options,
  });
}

describe('the example flow against a server that checks every signature', () => {
  it('reaches the server signed correctly at every call, with the method, path, query and body intended', async () => {
    const lines: string[] = [];
    const config = {
      baseUrl: server.url,
      accessKey,
      privateKey: privateKeyPem,
      platformPublicKey: server.platformPublicKey,
      pair: 'BTC/USDT',
      amount: '10',
    };
    await runExampleFlow(client(), config, (line) => lines.push(line));

    expect(server.requests.map(({ method, url, refusal }) => ({ method, url, refusal }))).toEqual([
      { method: 'GET', url: '/wallet/client/head-asset', refusal: null },
      { method: 'GET', url: '/wallet/client/bit-assets', refusal: null },
      { method: 'POST', url: '/trade/api/quote', refusal: null },
      { method: 'POST', url: '/trade/api/orders', refusal: null },
      { method: 'POST', url: '/trade/api/orders/9001/pay', refusal: null },
      { method: 'GET', url: '/trade/api/orders?pageSize=5', refusal: null },
    ]);
    expect(server.requests.map((request) => request.body.toString('utf8'))).toEqual([
      '',
      '',
      '{"pair":"BTC/USDT","side":"buy","amount":"10","amountCoin":"USDT"}',
      '{"quoteId":"7001"}',
      '',
      '',
    ]);
    // A request without a body says no content type (an empty JSON body would be refused).
    expect(server.requests.map((request) => request.headers['content-type'] ?? null)).toEqual([
      null,
      null,
      'application/json',
      'application/json',
      null,
      null,
    ]);
    expect(new Set(server.requests.map((request) => request.headers['x-nonce'])).size).toBe(6);
    expect(server.requests.every((request) => request.headers['language-type'] === '1')).toBe(true);
    expect(lines).toContain('Order 9001 paid: completed');
    expect(lines).toContain('  USDT   1234.5 / 1234.5');
  });

  it('signs the body bytes it sends: the hash the signature covers is of the bytes the server received', async () => {
    const sentBodies: Uint8Array[] = [];
    const spying = createCofferClient({
      baseUrl: server.url,
      accessKey,
      privateKey: privateKeyPem,
      fetch: (url, init) => {
        sentBodies.push(init?.body as Uint8Array);
        return fetch(url, init);
      },
    });
    answer = () => ({ data: null });
    const body = { pair: 'btc/usdt', side: 'buy', amount: '0.000123', amountCoin: 'BTC', note: 'café 中文 ✓ "quoted" \\ \u2028' } as never;
    await spying.call(tradeEndpoints.quote, { body });

    const [received] = server.requests;
    expect(received?.refusal).toBeNull();
    expect(Buffer.from(sentBodies[0]!).equals(received!.body)).toBe(true);
    expect(received!.body.toString('utf8')).toBe(JSON.stringify(body));
    const canonical = canonicalRequestString({
      method: 'POST',
      url: '/trade/api/quote',
      bodySha256Hex: createHash('sha256').update(received!.body).digest('hex'),
      timestamp: String(received!.headers['x-timestamp']),
      nonce: String(received!.headers['x-nonce']),
    });
    expect(verify(null, Buffer.from(canonical), customer.publicKey, Buffer.from(String(received!.headers['x-signature']), 'base64'))).toBe(
      true,
    );
  });

  it('signs queries with names and values that need encoding, and a base URL with a path prefix', async () => {
    answer = () => ({ data: { pageNo: 1, pageSize: 5, total: 0, records: [] } });
    await client().orders({ pair: 'BTC/USDT', status: 'completed', start: '2026-01-01 00:00', pageNo: 2 });
    await client({ baseUrl: `${server.url}/api/` }).assetSummary();
    expect(server.requests.map(({ url, refusal }) => ({ url, refusal }))).toEqual([
      { url: '/trade/api/orders?pair=BTC%2FUSDT&status=completed&start=2026-01-01%2000%3A00&pageNo=2', refusal: null },
      { url: '/api/wallet/client/head-asset', refusal: null },
    ]);
  });

  it('is refused by the server when the signing key is not the customer’s, and says so as a CofferApiError', async () => {
    const stranger = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const wrong = createCofferClient({ baseUrl: server.url, accessKey, privateKey: stranger, platformPublicKey: server.platformPublicKey });
    const error = await wrong.assetSummary().catch((caught: unknown) => caught);
    expect(server.requests[0]?.refusal).toBe('signature does not verify');
    expect(error).toBeInstanceOf(CofferApiError);
    expect(error).toMatchObject({ code: 15000004, httpStatus: 401, requestId: 'req-refused' });
  });
});

describe('envelopes', () => {
  it('resolves the data of code 0', async () => {
    answer = () => ({ data: { totalAsset: { usdValue: '5', rmbValue: '36' } } });
    await expect(client().call(walletEndpoints.headAsset)).resolves.toEqual({ totalAsset: { usdValue: '5', rmbValue: '36' } });
  });

  it('throws CofferApiError with code, message, request id, field and Retry-After otherwise', async () => {
    answer = () => ({ status: 400, code: 19000003, msg: 'Invalid parameter: amount', data: { requestId: 'req-42', field: 'amount' } });
    const error = (await client()
      .requestQuote({ pair: 'BTC/USDT', side: 'buy', amount: '10', amountCoin: 'USDT' })
      .catch((caught: unknown) => caught)) as CofferApiError;
    expect(error).toBeInstanceOf(CofferApiError);
    expect({ ...error, message: error.message }).toMatchObject({
      code: 19000003,
      message: 'Invalid parameter: amount',
      requestId: 'req-42',
      field: 'amount',
      httpStatus: 400,
      retryAfterSeconds: null,
    });
  });

  it('takes the request id from the header when the envelope has none, and the seconds of Retry-After', async () => {
    answer = () => ({ status: 429, code: 19000010, msg: 'Too many requests', data: null, headers: { 'retry-after': '3' } });
    const error = (await client()
      .assetSummary()
      .catch((caught: unknown) => caught)) as CofferApiError;
    expect(error).toBeInstanceOf(CofferApiError);
    expect(error).toMatchObject({ code: 19000010, requestId: 'req-header-id', httpStatus: 429, retryAfterSeconds: 3 });
  });

  it('throws CofferHttpError for an answer that is not an envelope, and for no answer', async () => {
    const notJson = createCofferClient({
      baseUrl: 'http://x.test',
      accessKey,
      privateKey: privateKeyPem,
      fetch: async () => new Response('<html>502</html>', { status: 502 }),
    });
    await expect(notJson.assetSummary()).rejects.toThrow(CofferHttpError);
    await expect(notJson.assetSummary()).rejects.toMatchObject({ httpStatus: 502 });
    const noServer = createCofferClient({ baseUrl: 'http://127.0.0.1:9', accessKey, privateKey: privateKeyPem });
    await expect(noServer.assetSummary()).rejects.toMatchObject({ name: 'CofferHttpError', httpStatus: 0 });
  });
});

describe('signed answers', () => {
  it('accepts answers signed with the platform key', async () => {
    await expect(client().assetSummary()).resolves.toMatchObject({ totalAsset: { usdValue: '1234.5' } });
  });

  it('refuses an answer whose body was changed after signing, or signed with another key', async () => {
    server.setResponseSigning('tamperBody');
    await expect(client().assetSummary()).rejects.toMatchObject({ name: 'CofferResponseSignatureError', reason: 'invalid' });
    server.setResponseSigning('wrongKey');
    await expect(client().assetSummary()).rejects.toMatchObject({ name: 'CofferResponseSignatureError', reason: 'invalid' });
    // Also a refusal signed with another key is not believed.
    answer = () => ({ status: 400, code: 19000003, msg: 'forged', data: null });
    await expect(client().assetSummary()).rejects.toBeInstanceOf(CofferResponseSignatureError);
  });

  it('refuses unsigned data when a platform key is given, but reports an unsigned refusal as the refusal', async () => {
    server.setResponseSigning('none');
    await expect(client().assetSummary()).rejects.toMatchObject({ name: 'CofferResponseSignatureError', reason: 'missing' });
    answer = () => ({ status: 401, code: 15000004, msg: 'Invalid signature', data: { requestId: 'req-7' } });
    await expect(client().assetSummary()).rejects.toMatchObject({ name: 'CofferApiError', code: 15000004 });
  });

  it('checks nothing without a platform key', async () => {
    server.setResponseSigning('none');
    const unverified = createCofferClient({ baseUrl: server.url, accessKey, privateKey: privateKeyPem });
    await expect(unverified.assetSummary()).resolves.toMatchObject({ totalAsset: { usdValue: '1234.5' } });
  });
});

describe('types', () => {
  it('require what an endpoint needs and nothing else', () => {
    const typed = client();
    const calls = [
      // @ts-expect-error the quote needs its body
      () => typed.call(tradeEndpoints.quote),
      // @ts-expect-error paying needs the order number
      () => typed.call(tradeEndpoints.payOrder, {}),
      // @ts-expect-error the asset summary takes no body
      () => typed.call(walletEndpoints.headAsset, { body: {} }),
      // @ts-expect-error side is buy or sell
      () => typed.requestQuote({ pair: 'BTC/USDT', side: 'hold', amount: '1', amountCoin: 'BTC' }),
    ];
    expect(calls).toHaveLength(4);
  });
});
