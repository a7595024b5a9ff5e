import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  kycApplicationSchema,
  kycCountrySchema,
  kycFaceQrCodeSchema,
  kycLevelInfoSchema,
  kycProviderCountrySchema,
  kycProviderSessionBodySchema,
  kycProviderSessionSchema,
  kycSubmissionSchema,
  kycUploadQuerySchema,
  kycUploadSchema,
  saveKyc1BodySchema,
  saveKyc2BodySchema,
  saveKyc3BodySchema,
} from './kyc';
import { kycPaths } from './kyc-paths';

const tags = ['kyc'];

/**
 * The identity verification calls of spec §7. `checkUserInformation` and `verify-idCard-pwd`
 * are `withdrawalEndpoints.checkUserInformation` and `.verifyIdCard`: one definition per path.
 */
export const kycEndpoints = {
  level: defineEndpoint({
    method: 'GET',
    path: kycPaths.level,
    tags,
    summary: 'Current KYC level; each level\'s state, reject reason and what it allows (USD; "0" not allowed, null unlimited)',
    response: kycLevelInfoSchema,
  }),
  countries: defineEndpoint({
    method: 'GET',
    path: kycPaths.countries,
    tags,
    summary: 'Country list with the restricted flag',
    response: z.array(kycCountrySchema),
  }),
  providerCountries: defineEndpoint({
    method: 'GET',
    path: kycPaths.providerCountries,
    tags,
    summary: 'Countries the identity provider supports, with their document types (KYC2)',
    response: z.array(kycProviderCountrySchema),
  }),
  applications: defineEndpoint({
    method: 'GET',
    path: kycPaths.applications,
    tags,
    summary: "The customer's KYC applications and their states, newest first",
    response: z.array(kycApplicationSchema),
  }),
  upload: defineEndpoint({
    method: 'POST',
    path: kycPaths.upload,
    tags,
    summary:
      'Uploads one file as the raw body (address proof: JPG/PNG/PDF 20 KB–5 MB; video: WebM/MP4 ≤ 2 min); a save refers to its uploadId',
    query: kycUploadQuerySchema,
    response: kycUploadSchema,
  }),
  saveKyc1: defineEndpoint({
    method: 'POST',
    path: kycPaths.saveKyc1,
    tags,
    summary: 'Submits KYC1 (basic): names, document, birthday, address and the address proof upload',
    body: saveKyc1BodySchema,
    response: kycSubmissionSchema,
  }),
  providerSession: defineEndpoint({
    method: 'POST',
    path: kycPaths.providerSession,
    tags,
    summary: "Opens a KYC2 session on the identity provider's hosted page; answers its URL",
    body: kycProviderSessionBodySchema,
    response: kycProviderSessionSchema,
  }),
  saveKyc2: defineEndpoint({
    method: 'POST',
    path: kycPaths.saveKyc2,
    tags,
    summary: "Submits KYC2 (advanced) with the provider's session id after the customer returns",
    body: saveKyc2BodySchema,
    response: kycSubmissionSchema,
  }),
  saveKyc3: defineEndpoint({
    method: 'POST',
    path: kycPaths.saveKyc3,
    tags,
    summary: 'Submits KYC3 (video): purposes, sources of income and funds, commitments and the video upload',
    body: saveKyc3BodySchema,
    response: kycSubmissionSchema,
  }),
  faceQrCode: defineEndpoint({
    method: 'GET',
    path: kycPaths.faceQrCode,
    tags,
    summary: "QR code continuing face recognition on the customer's phone",
    response: kycFaceQrCodeSchema,
  }),
};
