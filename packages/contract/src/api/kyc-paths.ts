/**
 * Identity verification (KYC) calls of spec §7. The two KYC-related wallet calls of §7,
 * `checkUserInformation` and `verify-idCard-pwd`, are withdrawal pre-checks and live in
 * `withdrawalPaths`.
 */
export const kycPaths = {
  /** GET: the current level, and each level's state, reject reason and what it allows. */
  level: '/audit/v1/action/get-level',
  /** GET: the country list with the restricted flag. */
  countries: '/audit/v1/action/get-country',
  /** GET: the countries the identity provider supports, with their document types (KYC2). */
  providerCountries: '/audit/v1/action/get-jumioCountry',
  /** GET: the customer's applications, newest first. */
  applications: '/audit/v1/audit',
  /** POST `?purpose=`: one file as the raw body (address proof or video); answers its `uploadId`. */
  upload: '/audit/v1/action/upload',
  /** POST: KYC1 (basic): names, document, birthday, address, and the address proof's upload. */
  saveKyc1: '/audit/v1/action/save-kyc1',
  /** POST: opens a session on the provider's hosted page (KYC2) and answers where to send the customer. */
  providerSession: '/audit/v1/action/jumio-initurl',
  /** POST: KYC2 (advanced) after the customer returns from the provider's page. */
  saveKyc2: '/audit/v1/action/save-kyc2',
  /** POST: KYC3 (video): purposes, sources, commitments, and the video's upload. */
  saveKyc3: '/audit/v1/action/save-kyc3',
  /** GET: the QR code that continues face recognition on the customer's phone. */
  faceQrCode: '/audit/v1/web/faceid/action/get-qrcode',
} as const;
