/**
 * The worked example of a signed request shown on `/docs` (issue 16). The key pair was made once
 * with `openssl genpkey -algorithm ed25519` for this page only: it is public, belongs to no
 * customer and must never be accepted or used anywhere else. Ed25519 signatures are
 * deterministic, so every value below is fixed; `packages/client` tests that the client and
 * `openssl pkeyutl` both produce exactly this signature and the contract tests rebuild the
 * canonical string, so the page cannot drift from the code.
 */
export const apiSigningExample = {
  /** PKCS#8 PEM, as `openssl genpkey -algorithm ed25519` prints it. */
  privateKeyPem:
    '-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJaj+pmIl/jqU+mI4zCMV5PG3SVAIDW71NCjaTL50nFa\n-----END PRIVATE KEY-----\n',
  /** SPKI PEM, as `openssl pkey -in key.pem -pubout` prints it: what the customer gives Coffer. */
  publicKeyPem: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAi4qiOSTlUQ55qvwifv3rmXompPn/eFj1odnIzdxbwGE=\n-----END PUBLIC KEY-----\n',
  /** The raw 32-byte public key, base64. */
  publicKeyRaw: 'i4qiOSTlUQ55qvwifv3rmXompPn/eFj1odnIzdxbwGE=',
  /** Illustrative only: the access key is sent, not signed. */
  accessKey: 'AKDOCSEXAMPLE0000001',
  method: 'POST',
  url: '/trade/api/quote',
  /** The exact body bytes sent (UTF-8, no spaces, no trailing line break). */
  body: '{"pair":"BTC/USDT","side":"buy","amount":"10","amountCoin":"USDT"}',
  timestamp: '1767323045678',
  nonce: '2m02tcTCPwlGF4ANfnISIcRi',
  bodySha256Hex: '82fb66212b56b7f6040ae8cc3722b44b08afc64213eb3fe41c9565f9f91d6e83',
  canonicalString:
    'POST\n/trade/api/quote\n\n82fb66212b56b7f6040ae8cc3722b44b08afc64213eb3fe41c9565f9f91d6e83\n1767323045678\n2m02tcTCPwlGF4ANfnISIcRi',
  signature: 'AzzE9+EQucKiHj7ImShzlyHsHKnaR0WEjzAkalhKT694XfaZb0vPiC1sqdA3HPgZ2vNijg9z2ErFH71imxxpAQ==',
} as const;

/** How a query becomes the QUERY line: decoded, re-encoded (RFC 3986), sorted by name then value. */
export const apiSigningQueryExample = {
  url: '/trade/api/orders?status=completed&pair=BTC/USDT&pageSize=5',
  canonicalQuery: 'pageSize=5&pair=BTC%2FUSDT&status=completed',
} as const;

/** A text as a single-quoted shell word. */
function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A text as a `printf` format that prints exactly it. */
function printfFormat(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/%/g, '%%').replace(/\n/g, '\\n');
}

/**
 * The shell commands (OpenSSL 3) that reproduce the example: body hash, canonical string,
 * signature (printed as one base64 line) and its verification with the public key.
 */
export function apiSigningCommands(): string {
  const example = apiSigningExample;
  return [
    `cat > key.pem <<'EOF'\n${example.privateKeyPem}EOF`,
    'openssl pkey -in key.pem -pubout -out pub.pem',
    `printf '%s' ${shellQuoted(example.body)} > body.json`,
    'openssl dgst -sha256 -r body.json',
    `printf ${shellQuoted(printfFormat(example.canonicalString))} > canonical.txt`,
    'openssl pkeyutl -sign -rawin -inkey key.pem -in canonical.txt -out sig.bin',
    'openssl base64 -A -in sig.bin; echo',
    'openssl pkeyutl -verify -pubin -inkey pub.pem -rawin -in canonical.txt -sigfile sig.bin',
  ].join('\n');
}
