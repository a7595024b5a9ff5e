import { quoteSignatureVersion, signedQuoteFieldOrder, type SignedQuoteFields } from '@coffer/contract';

/**
 * A worked example of a signed quote, made with the RFC 8032 test key 1 (secret
 * 9d61b19d…7f60) — a published test vector, never a Coffer key. Its test rebuilds the text
 * with `quoteSigningText` and verifies the signature, so the page cannot drift from the code.
 */
export const receiptSigningExample = {
  fields: {
    keyId: '21fe31dfa154a261',
    quoteId: '1042',
    pair: 'BTC/USDT',
    side: 'buy',
    price: '64128.25',
    baseAmount: '0.5',
    quoteAmount: '32064.125',
    payCoin: 'USDT',
    payAmount: '32064.125',
    receiveCoin: 'BTC',
    receiveAmount: '0.4995',
    feeCoin: 'BTC',
    fee: '0.0005',
    expiresAt: '2026-01-02T03:04:05.678Z',
  } satisfies SignedQuoteFields,
  publicKey: '11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=',
  signature: 'wOiN8LWeg0NPcGSLYxN1tvuXgh1wDhdLSLn+qoQPFmwTqno+Mh8ZfWd6+UYhgRCn00INIQrZpF5BNQdP3z7XDQ==',
} as const;

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410) in base64; the raw key's base64 follows it. */
export const ed25519SpkiPrefixBase64 = 'MCowBQYDK2VwAyEA';

/** The example's signed text, as the shell's `printf` writes it. */
function printfFormat(fields: SignedQuoteFields): string {
  return [quoteSignatureVersion, ...signedQuoteFieldOrder.map((name) => `${name}=${fields[name]}`)].join('\\n') + '\\n';
}

/** The shell commands that verify the example with OpenSSL 3 (`pkeyutl -rawin`: Ed25519 signs the message itself). */
export function receiptVerificationCommands(): string {
  const { fields, publicKey, signature } = receiptSigningExample;
  return [
    `printf -- '-----BEGIN PUBLIC KEY-----\\n${ed25519SpkiPrefixBase64}%s\\n-----END PUBLIC KEY-----\\n' '${publicKey}' > quote-key.pem`,
    `printf '${printfFormat(fields)}' > quote.txt`,
    `printf '%s' '${signature}' | base64 -d > quote.sig`,
    'openssl pkeyutl -verify -pubin -inkey quote-key.pem -rawin -in quote.txt -sigfile quote.sig',
  ].join('\n');
}

const signedLines = signedQuoteFieldOrder.map((name) => `${name}=<${name}>`).join('\n');

const receiptSigning = `## Signed quotes and receipts

Every quote (\`POST /trade/api/quote\`: \`signature\`, \`keyId\`) and every order's receipt
(\`GET /trade/api/orders/{orderNo}\`: \`data.receipt\` with \`signedFields\`, \`signedText\`,
\`publicKey\`, \`signature\`) is signed with **Ed25519** (RFC 8032, the message itself, no
pre-hash). The signature is base64 over the UTF-8 bytes of a canonical text. The keys are
listed by \`GET /trade/anon/quote-keys\` (raw 32-byte key in base64 and SPKI PEM); a key's
\`keyId\` is the first 16 hexadecimal digits of SHA-256 of the raw key. Every key that ever
signed stays listed, so old receipts keep verifying.

The canonical text is these lines in exactly this order, each ending with a line feed
(\`\\n\`, the last one too), no spaces around \`=\`:

\`\`\`
${quoteSignatureVersion}
${signedLines}
\`\`\`

Values are the strings exactly as answered: decimals in plain notation (no exponent, no
sign, no trailing zeros), \`side\` is \`buy\` or \`sell\`, \`pair\` is \`BASE/QUOTE\`,
\`expiresAt\` is ISO 8601 UTC with milliseconds. No value holds \`\\n\`, \`\\r\` or \`=\`.

**Worked example** (signed with the RFC 8032 test key 1, which is public — never a Coffer key).
Public key \`${receiptSigningExample.publicKey}\`, key id \`${receiptSigningExample.fields.keyId}\`,
signature \`${receiptSigningExample.signature}\`. The SPKI PEM of a raw key is its base64 after
the fixed prefix \`${ed25519SpkiPrefixBase64}\`. With OpenSSL 3:

\`\`\`sh
${receiptVerificationCommands()}
\`\`\`

prints \`Signature Verified Successfully\`; change any byte of \`quote.txt\` and it fails.`;

/**
 * A worked example of a request signed with an API key, made with the RFC 8032 test key 1
 * (secret 9d61b19d…7f60) — published, never a customer's. Its test rebuilds the canonical string
 * with the contract's `canonicalRequestString` and verifies the signature.
 */
export const apiRequestSigningExample = {
  method: 'POST',
  url: '/trade/api/quote?lang=en&client=bot',
  body: '{"pair":"BTC/USDT","side":"buy","amount":"100","amountCoin":"USDT"}',
  timestamp: '1764115200000',
  nonce: 'c0ffee-nonce-0001',
  canonicalString:
    'POST\n/trade/api/quote\nclient=bot&lang=en\n70b4afc700991734831194fc5d3b2a4753ffd8f65d25150c5e97453607762839\n1764115200000\nc0ffee-nonce-0001',
  publicKeyHex: 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a',
  publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n-----END PUBLIC KEY-----\n',
  signature: 'Q11bkc4Mhigh+/dyt8nnQfjeq+gtbilnIzbP+fOciUswT810VN96TLS336v+v5KLO6FxDBhYEPkkg0wQiL+ADw==',
} as const;

const requestSigning = `## API keys: signed requests and signed answers

A customer's API key is their own **Ed25519** key pair: Coffer keeps only the public key and
answers an access key for it (\`/ak/v1/pubkey\`, then \`/ak/v1/verify-new-pubkey\`). A request
made with the key carries \`X-ACCESS-KEY\`, \`X-TIMESTAMP\` (milliseconds since the epoch, within
±30 s of the server's clock), \`X-NONCE\` (16–64 of \`A–Z a–z 0–9 _ -\`, never reused by the key) and
\`X-SIGNATURE\`: base64 of the Ed25519 signature over the UTF-8 canonical string — six lines joined
by \`\\n\`, none after the last: the method in upper case; the path as sent; the query's
name=value pairs decoded, re-encoded RFC 3986 (unreserved kept, every other byte %XX upper case),
sorted by name then value, joined by \`&\` (empty without a query); the lower-case hex SHA-256
of the raw body bytes (of no bytes without a body); the timestamp; the nonce.

Refusals, each its own code: \`15000003\` access key missing, \`15000001\` unknown or deleted key,
\`15000030\` timestamp outside the window, \`15000004\` signature, \`19000008\` (HTTP 429 with
\`Retry-After\`) over the key's rate, \`15000031\` nonce already used, \`15000032\` IP not bound,
\`15000002\` a call outside the key's rights — only calls marked with a right (read, trade,
withdraw) are reachable by keys; key management and security settings never are. A change to a
key takes effect on every node within seconds (one minute at most).

**Signed answers.** Every answer to a key request carries \`X-COFFER-TIMESTAMP\` (ms) and
\`X-COFFER-SIGNATURE\`: base64 Ed25519, with the platform public key (\`platformPublicKey\` of
\`/ak/v1/permission\` and of each key, SPKI DER in base64), over
\`<HTTP status>\\n<the request's X-NONCE>\\n<X-COFFER-TIMESTAMP>\\n<hex SHA-256 of the answer's body>\`.

**Worked example** (RFC 8032 test key 1, public — never a customer's key): \`${apiRequestSigningExample.method} ${apiRequestSigningExample.url}\`
with body \`${apiRequestSigningExample.body}\`, timestamp \`${apiRequestSigningExample.timestamp}\`,
nonce \`${apiRequestSigningExample.nonce}\` has the canonical string

\`\`\`
${apiRequestSigningExample.canonicalString}
\`\`\`

and the signature \`${apiRequestSigningExample.signature}\` under the public key
\`${apiRequestSigningExample.publicKeyHex}\` (hex). With OpenSSL 3:

\`\`\`sh
printf -- '${apiRequestSigningExample.publicKeyPem.replaceAll('\n', '\\n')}' > key.pem
printf '${apiRequestSigningExample.canonicalString.replaceAll('\n', '\\n')}' > request.txt
printf '%s' '${apiRequestSigningExample.signature}' | base64 -d > request.sig
openssl pkeyutl -verify -pubin -inkey key.pem -rawin -in request.txt -sigfile request.sig
\`\`\``;

const conventions = `Every answer is the envelope \`{ code, msg, data }\`; \`code\` 0 is success. Send
\`LANGUAGE-TYPE\` (1 English, 2 Russian, 3 Traditional Chinese, 0 Simplified Chinese) for
messages in your language. Signed-in calls take the \`coffer_session\` cookie (browsers) or the
\`jwt-token\` header (apps).

## Input rules

- Strings (JSON bodies, query and path parameters, object keys) may not hold the control
  characters U+0000–U+001F other than TAB, LF and CR, nor U+007F, nor unpaired UTF-16
  surrogates: the call answers \`19000003\` (invalid parameter, HTTP 400) naming the field.
- Record ids (\`orderNo\`, \`quoteId\`, address-book, session and bill ids) are 1–19 digits. Digits
  that cannot name a record (\`0\`, above 9223372036854775807) answer the call's not-found code.
- Answers are \`Cache-Control: no-store\` unless they say otherwise.`;

/** The OpenAPI document's `info.description` (CommonMark, shown at the top of /docs). */
export const apiDescription = `${conventions}\n\n${receiptSigning}\n\n${requestSigning}\n`;
