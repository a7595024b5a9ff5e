import { apiNoncePattern, emptyBodySha256, quoteSignatureVersion, signedQuoteFieldOrder, type SignedQuoteFields } from '@coffer/contract';
import { apiSigningCommands, apiSigningExample, apiSigningQueryExample } from '@coffer/contract/api-signing-example';

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

const signingExample = apiSigningExample;

const signedRequests = `## Signed requests

Programs call the customer API with an **API key** instead of a session. Make an Ed25519 key
pair (\`openssl genpkey -algorithm ed25519 -out key.pem\`, public half:
\`openssl pkey -in key.pem -pubout\`) and create the key in the web app's API management page
with the public half: Coffer keeps only your public key (nothing it stores can sign for you)
and answers an **access key** and its **platform public key**. Every request made with the key
carries four headers:

- \`X-ACCESS-KEY\`: the access key;
- \`X-TIMESTAMP\`: milliseconds since the Unix epoch, decimal; refused more than 30 s away from Coffer's clock;
- \`X-NONCE\`: 16–64 characters of \`A–Z a–z 0–9 _ -\` (\`${apiNoncePattern.source}\`), never used
  again by the key (24 random characters will do);
- \`X-SIGNATURE\`: base64 of the **Ed25519** signature (RFC 8032, the message itself, no
  pre-hash) over the UTF-8 bytes of the canonical string.

The canonical string is six lines joined by \`\\n\`, with no line break after the last:

\`\`\`
METHOD
PATH
QUERY
BODY-SHA256
TIMESTAMP
NONCE
\`\`\`

- \`METHOD\`: upper case (\`GET\`, \`POST\`, \`PUT\`, \`DELETE\`).
- \`PATH\`: the path exactly as sent, before any \`?\`.
- \`QUERY\`: the query's \`name=value\` pairs, each name and value decoded (\`+\` is a space) and
  percent-encoded again as RFC 3986 (\`A–Z a–z 0–9 - . _ ~\` kept, every other UTF-8 byte \`%XX\`
  in upper case), sorted by name then value and joined by \`&\`; a name without \`=\` has an
  empty value; an empty line when there is no query. For example \`${apiSigningQueryExample.url}\`
  gives \`${apiSigningQueryExample.canonicalQuery}\`.
- \`BODY-SHA256\`: lower-case hex SHA-256 of the exact body bytes sent — of no bytes
  (\`${emptyBodySha256}\`) when there is no body. Serialise the JSON once, hash those bytes and
  send those bytes: a body serialised again (other spacing, key order or escapes) no longer matches.
- \`TIMESTAMP\`, \`NONCE\`: the header values.

Refusals change nothing and each has its own code: \`15000003\` access key missing,
\`15000001\` unknown or deleted key, \`15000030\` timestamp outside the window, \`15000004\`
signature, \`19000008\` (HTTP 429 with \`Retry-After\`) over the key's rate, \`15000031\` nonce
already used, \`15000032\` address outside the key's bound IPs, \`15000002\` a call outside the
key's rights: only calls marked with a right (read, trade, withdraw) are reachable by keys; key
management and security settings never are. A change to a key takes effect on every node within
seconds (one minute at most).

### Worked example

This key pair was made with \`openssl genpkey\` for this page only. It is public, belongs to no
customer and is accepted nowhere: never use it.

\`\`\`
${signingExample.privateKeyPem}${signingExample.publicKeyPem}\`\`\`

The request (the access key is sent, not signed):

\`\`\`http
${signingExample.method} ${signingExample.url} HTTP/1.1
Content-Type: application/json
X-ACCESS-KEY: ${signingExample.accessKey}
X-TIMESTAMP: ${signingExample.timestamp}
X-NONCE: ${signingExample.nonce}
X-SIGNATURE: ${signingExample.signature}

${signingExample.body}
\`\`\`

The body's SHA-256 is \`${signingExample.bodySha256Hex}\` and the canonical string (the third
line, \`QUERY\`, is empty):

\`\`\`
${signingExample.canonicalString}
\`\`\`

Its signature is \`${signingExample.signature}\`. Ed25519 signatures are deterministic: this key
and this string always give exactly these bytes. With OpenSSL 3:

\`\`\`sh
${apiSigningCommands()}
\`\`\`

prints the body hash, the signature above and \`Signature Verified Successfully\`.
(\`openssl pkeyutl -sign -rawin -inkey key.pem -in canonical.txt | base64\` prints the same
signature; GNU \`base64\` breaks it after 76 characters.)

### Signed answers

Every answer to a signed request carries \`X-COFFER-TIMESTAMP\` (milliseconds) and
\`X-COFFER-SIGNATURE\`: base64 of Coffer's Ed25519 signature, made with the platform key (its
SPKI in base64, answered at key creation and by \`GET /ak/v1/permission\`), over four lines
joined by \`\\n\`:

\`\`\`
STATUS
REQUEST-NONCE
TIMESTAMP
BODY-SHA256
\`\`\`

the HTTP status (\`200\`), the \`X-NONCE\` of your request, the \`X-COFFER-TIMESTAMP\` value and
the lower-case hex SHA-256 of the answer's body bytes. Verify it before using the data: it
proves the answer came from Coffer, unchanged, in answer to this request. The TypeScript client
in \`packages/client\` signs requests and verifies answers this way (\`npm run example -w @coffer/client\`).`;

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
export const apiDescription = `${conventions}\n\n${signedRequests}\n\n${receiptSigning}\n`;
