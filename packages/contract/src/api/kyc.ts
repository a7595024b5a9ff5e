import { z } from 'zod';
import {
  kycDocumentTypes,
  kycFundSourceOptions,
  kycIncomeSourceOptions,
  kycLevels,
  kycLevelStates,
  kycLimits,
  kycPurposeOptions,
  kycUploadPurposes,
  type KycLevelState,
} from '../rules/kyc-rules';
import { recordIdSchema } from './record-id';

/**
 * Identity verification calls (spec §7 KYC). The §5 rules (names, age on the server's day,
 * restricted countries, ID formats and checksum, option lists, confirmations) are checked by
 * the service with rules/kyc-rules.ts, so server and forms answer alike; the schemas here
 * only fix shapes and wire lengths.
 */

/**
 * A text of at most `maxChars` characters as the rules count them (code points): on the wire
 * it may take twice as many UTF-16 units, so the schema never refuses what the rules accept.
 */
function kycText(maxChars: number) {
  return z
    .string()
    .trim()
    .max(maxChars * 2);
}

const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

/** A day as 'YYYY-MM-DD'; whether it is a real day is the rules' call. */
const calendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/);

/** The identity provider's session reference (its transaction id). */
const providerSessionId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,100}$/);

const uploadId = recordIdSchema('kycUploadNotFound');

// ── Levels (`get-level`) ────────────────────────────────────────────────────────────────

export const kycLevelSchema = z.literal([kycLevels.unverified, kycLevels.basic, kycLevels.advanced, kycLevels.video]);
/** A level one applies for (1 basic, 2 advanced, 3 video). */
export const kycStepLevelSchema = z.literal([kycLevels.basic, kycLevels.advanced, kycLevels.video]);
export const kycLevelStateSchema = z.enum(kycLevelStates);

/**
 * What a level allows, in USD as decimal strings: the rolling 24-hour withdrawal limit and the
 * largest single spot trade. "0" means not allowed (a zero limit refuses every amount, as a
 * client comparing against it expects); null means no limit.
 */
export const kycAllowanceSchema = z.object({
  withdrawal24hLimitUsd: z.string().nullable(),
  spotTradeMaxUsd: z.string().nullable(),
});
export type KycAllowance = z.infer<typeof kycAllowanceSchema>;

/** Why a reviewer or the provider refused an application: a key the web translates. */
export const kycRejectReasons = [
  'documentUnreadable',
  'documentExpired',
  'documentUnsupported',
  'dataMismatch',
  'addressProofInvalid',
  'faceMismatch',
  'livenessFailed',
  'videoInvalid',
  'ageOutOfRange',
  'countryRestricted',
  'duplicateIdentity',
  'other',
] as const;
export type KycRejectReasonKey = (typeof kycRejectReasons)[number];

export const kycRejectReasonSchema = z.object({
  key: z.enum(kycRejectReasons),
  /** The reviewer's note as written (any language), shown under the translated reason; may be empty. */
  text: z.string().max(500),
});
export type KycRejectReason = z.infer<typeof kycRejectReasonSchema>;

export const kycLevelStatusSchema = z.object({
  state: kycLevelStateSchema,
  /** Present only when `state` is `failed`. */
  rejectReason: kycRejectReasonSchema.nullable(),
  /** What the customer may do once this level is verified. */
  allows: kycAllowanceSchema,
});
export type KycLevelStatus = z.infer<typeof kycLevelStatusSchema>;

export const kycLevelInfoSchema = z.object({
  /** The highest verified level (0 unverified). */
  level: kycLevelSchema,
  /** What the current level allows now. */
  allows: kycAllowanceSchema,
  /** The name verified at the basic level (given name and surname, as the document writes them); null before. */
  fullName: z.string().nullable(),
  levels: z.object({
    basic: kycLevelStatusSchema,
    advanced: kycLevelStatusSchema,
    video: kycLevelStatusSchema,
  }),
});
export type KycLevelInfo = z.infer<typeof kycLevelInfoSchema>;

// ── Countries (`get-country`, `get-jumioCountry`) ───────────────────────────────────────

/** A country of the selector; names come from Intl.DisplayNames in the user's language. */
export const kycCountrySchema = z.object({
  code: z.string(),
  /** Spec §8/§9 restricted region: shown, but verification is refused. */
  restricted: z.boolean(),
});
export type KycCountry = z.infer<typeof kycCountrySchema>;

export const kycProviderCountrySchema = z.object({
  code: z.string(),
  documentTypes: z.array(z.enum(kycDocumentTypes)).min(1),
});
export type KycProviderCountry = z.infer<typeof kycProviderCountrySchema>;

// ── Applications (`/audit/v1/audit`) ────────────────────────────────────────────────────

/** An application exists, so it is never `notStarted`. */
export const kycApplicationStates = ['continue', 'verifying', 'verified', 'failed'] as const satisfies readonly KycLevelState[];
export type KycApplicationState = (typeof kycApplicationStates)[number];

export const kycApplicationSchema = z.object({
  id: z.string(),
  level: kycStepLevelSchema,
  state: z.enum(kycApplicationStates),
  /** ISO times. */
  createdAt: z.string(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  rejectReason: kycRejectReasonSchema.nullable(),
});
export type KycApplication = z.infer<typeof kycApplicationSchema>;

/** The answer of every save: the application and the state it is now in. */
export const kycSubmissionSchema = z.object({
  applicationId: z.string(),
  level: kycStepLevelSchema,
  state: z.enum(kycApplicationStates),
});
export type KycSubmission = z.infer<typeof kycSubmissionSchema>;

// ── Uploads (`/audit/v1/action/upload`) ─────────────────────────────────────────────────

/**
 * The upload's query. The body is the file's raw bytes (not JSON), its `content-type` one of
 * `kycUploadMediaTypes[purpose]`; the server judges the bytes themselves, their size, and a
 * video's length read from its container (WebM clusters or the MP4 `mvhd`), never from the
 * caller. `durationSeconds`, what the recorder measured, is accepted and only logged.
 */
export const kycUploadQuerySchema = z.strictObject({
  purpose: z.enum(kycUploadPurposes),
  durationSeconds: z.coerce.number().positive().max(3600).optional(),
});
export type KycUploadQuery = z.infer<typeof kycUploadQuerySchema>;

export const kycUploadSchema = z.object({
  uploadId: z.string(),
  /** ISO time after which an upload no save refers to is deleted. */
  expiresAt: z.string(),
});
export type KycUpload = z.infer<typeof kycUploadSchema>;

// ── KYC1 (`save-kyc1`) ──────────────────────────────────────────────────────────────────

/** Spec §3 KYC1, plus the document's issuing country (the ID format depends on it). Assignable to `Kyc1Input`. */
export const saveKyc1BodySchema = z.strictObject({
  surname: kycText(kycLimits.nameMaxChars),
  givenName: kycText(kycLimits.nameMaxChars),
  /** Optional; empty is absent. */
  chineseName: kycText(kycLimits.chineseNameMaxChars).optional(),
  documentType: z.enum(kycDocumentTypes),
  documentCountry: countryCode,
  idNumber: kycText(kycLimits.idNumberMaxChars).toUpperCase(),
  birthday: calendarDay,
  building: kycText(kycLimits.addressLineMaxChars),
  street: kycText(kycLimits.addressLineMaxChars),
  region: kycText(kycLimits.addressLineMaxChars),
  city: kycText(kycLimits.addressLineMaxChars),
  /** The address's country. */
  country: countryCode,
  /** The one address-proof file (§5), uploaded first with `purpose=addressProof`. */
  addressProofUploadId: uploadId,
});
export type SaveKyc1Body = z.infer<typeof saveKyc1BodySchema>;

// ── KYC2 (`jumio-initurl`, `save-kyc2`, face QR code) ───────────────────────────────────

/** The document the customer will show the provider, chosen from `get-jumioCountry`. */
export const kycProviderSessionBodySchema = z.strictObject({
  documentCountry: countryCode,
  documentType: z.enum(kycDocumentTypes),
});
export type KycProviderSessionBody = z.infer<typeof kycProviderSessionBodySchema>;

export const kycProviderSessionSchema = z.object({
  /** The provider's hosted page; it sends the customer back to the web app's KYC2 page. */
  url: z.url(),
  sessionId: z.string(),
  /** ISO time after which the page no longer opens. */
  expiresAt: z.string(),
});
export type KycProviderSession = z.infer<typeof kycProviderSessionSchema>;

export const saveKyc2BodySchema = z.strictObject({ sessionId: providerSessionId });
export type SaveKyc2Body = z.infer<typeof saveKyc2BodySchema>;

export const kycFaceQrCodeSchema = z.object({
  /** The URL the QR code encodes: face recognition continued on the customer's phone. */
  qrPayload: z.url(),
  /** ISO time after which the code must be fetched again. */
  expiresAt: z.string(),
});
export type KycFaceQrCode = z.infer<typeof kycFaceQrCodeSchema>;

// ── KYC3 (`save-kyc3`) ──────────────────────────────────────────────────────────────────

/** Spec §3 KYC3: three multi-selects with their other-texts, extra text, two ticks, the video. Assignable to `Kyc3Input`. */
export const saveKyc3BodySchema = z.strictObject({
  purposes: z.array(z.enum(kycPurposeOptions)).max(kycPurposeOptions.length),
  /** Judged only when `other` is chosen; dropped otherwise. */
  purposeOther: kycText(kycLimits.textMaxChars).optional(),
  incomeSources: z.array(z.enum(kycIncomeSourceOptions)).max(kycIncomeSourceOptions.length),
  incomeSourceOther: kycText(kycLimits.textMaxChars).optional(),
  fundSources: z.array(z.enum(kycFundSourceOptions)).max(kycFundSourceOptions.length),
  fundSourceOther: kycText(kycLimits.textMaxChars).optional(),
  /** Extra free text: 80 characters, 40 with CJK (§5). */
  remark: kycText(kycLimits.remarkMaxChars).optional(),
  /** The commitment of not being a US person (§5). */
  notUsPerson: z.boolean(),
  /** The confirmation that everything given is accurate (§5). */
  accuracyConfirmed: z.boolean(),
  /** The recorded video, uploaded first with `purpose=video`. */
  videoUploadId: uploadId,
});
export type SaveKyc3Body = z.infer<typeof saveKyc3BodySchema>;
