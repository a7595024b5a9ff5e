import { z } from 'zod';
import { fiatCurrencies } from '../constants';
import { captchaTokenSchema } from './captcha';
import { languages } from '../languages';
import { recordIdSchema } from './record-id';

/**
 * Identity calls (spec §7 "Auth and user", "User center"). Rules that need the catalogue's
 * wording (password classes, fund-password digits, formats) are checked by the service with
 * rules/account-rules.ts so server and forms answer with the same code; the schemas here
 * only fix shapes and lengths.
 */

export const accountTypes = ['email', 'phone'] as const;
export type AccountType = (typeof accountTypes)[number];

/** Second factors of spec §6: Google Authenticator, SMS, e-mail. */
export const secondFactors = ['ga', 'sms', 'email'] as const;
export type SecondFactor = (typeof secondFactors)[number];

/** The factors a login's second step offers: the codes of spec §6, or a passkey (WebAuthn) when one is registered. */
export const loginFactors = [...secondFactors, 'passkey'] as const;
export type LoginFactor = (typeof loginFactors)[number];

/**
 * A WebAuthn answer of the browser (`@simplewebauthn/browser`'s JSON: id, rawId, response,
 * type…), checked by the server's WebAuthn library; only its size is bounded here.
 */
export const passkeyResponseSchema = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 16_384, { message: 'too large' });
export type PasskeyResponse = z.infer<typeof passkeyResponseSchema>;

const code = z.string().trim().max(6);
const countryCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/);

/** An account named by e-mail or by phone (entered without the country code). */
export const accountIdentitySchema = z.object({
  accountType: z.enum(accountTypes),
  account: z.string().trim().min(1).max(64),
  countryCode: countryCode.optional(),
});
export type AccountIdentity = z.infer<typeof accountIdentitySchema>;

export const codePurposes = [
  'register',
  'login',
  'resetPassword',
  'bindEmail',
  'bindPhone',
  'changePhone',
  'bindAuthenticator',
  'changeAuthenticator',
  'changePassword',
  'fundPassword',
  'transfer',
  'apiKey',
  'passkey',
] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const codeSentSchema = z.object({
  /** Seconds before another code may be asked for (spec §5: 60 s). */
  resendAfterSeconds: z.number().int(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

// ── Registration ────────────────────────────────────────────────────────────────────
/** The token of a solved captcha (`/cap/v2/action/verify`), needed once the server answers captchaRequired. */
const captchaToken = captchaTokenSchema.optional();

export const registerCodeBodySchema = accountIdentitySchema.extend({ countryCode, captchaToken });
export type RegisterCodeBody = z.infer<typeof registerCodeBodySchema>;

export const accountKinds = ['personal', 'enterprise'] as const;

export const registerBodySchema = accountIdentitySchema.extend({
  countryCode,
  code,
  password: z.string().max(64),
  confirmPassword: z.string().max(64),
  inviteCode: z.string().trim().max(16).optional(),
  agreeTerms: z.boolean(),
  accountKind: z.enum(accountKinds).default('personal'),
  captchaToken,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const inviteCodeQuerySchema = z.object({ inviteCode: z.string().trim().min(1).max(16) });
export const inviteCodeCheckSchema = z.object({ valid: z.boolean() });

// ── Login ───────────────────────────────────────────────────────────────────────────
export const preLoginBodySchema = accountIdentitySchema;
export const preLoginSchema = z.object({
  /** Whether the login form should ask for the captcha step before the password. */
  captchaRequired: z.boolean(),
});

export const loginBodySchema = accountIdentitySchema.extend({
  password: z.string().min(1).max(64),
  equipmentName: z.string().trim().max(100).optional(),
  captchaToken,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Spec §3: the login answer gives the pre-login token and the second factors offered. */
export const loginChallengeSchema = z.object({
  preLoginToken: z.string(),
  twofaList: z.array(z.enum(loginFactors)),
  userNo: z.string(),
  /** Masked e-mail and phone, so the user knows where a code goes. */
  maskedEmail: z.string().nullable(),
  maskedPhone: z.string().nullable(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

export const loginCodeBodySchema = z.object({
  preLoginToken: z.string().min(1).max(128),
  method: z.enum(['sms', 'email']),
});

export const loginTwofaBodySchema = z.object({
  preLoginToken: z.string().min(1).max(128),
  method: z.enum(loginFactors),
  /** The code of the chosen factor; absent for a passkey. */
  code: code.optional(),
  /** The passkey's assertion (method `passkey`), answering the challenge of `loginPasskeyOptions`. */
  passkey: passkeyResponseSchema.optional(),
});
export type LoginTwofaBody = z.infer<typeof loginTwofaBodySchema>;

/** Spec §3 "session request". */
export const sessionRequestBodySchema = z.object({
  exSessionId: z.string().trim().min(1).max(128),
  source: z.string().trim().min(1).max(32),
  equipmentName: z.string().trim().max(100),
});

/** The session request's answer: the login challenge of the ticket's account, no session yet. */
export const requestedSessionSchema = loginChallengeSchema.extend({ session: z.null(), source: z.string() });

export const sessionTicketSchema = z.object({
  ticket: z.string(),
  expiresInSeconds: z.number().int(),
});

// ── Session user info (spec §3) ────────────────────────────────────────────────────────
export const sessionUserSchema = z.object({
  userId: z.string(),
  userNo: z.string(),
  idPrefix: z.string(),
  sessionId: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  twofaGA: z.boolean(),
  twofaEmail: z.boolean(),
  twofaPhone: z.boolean(),
  googleAuth: z.boolean(),
  havePayPwd: z.boolean(),
  fiat: z.enum(fiatCurrencies),
  kycLevel: z.number().int(),
  accountKind: z.enum(accountKinds),
  inviteCode: z.string(),
  ip: z.string(),
  time: z.string(),
  lastLoginAt: z.string().nullable(),
  /** When withdrawals open again after a security change (spec §4), or null. */
  withdrawLockedUntil: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Login answer: the browser keeps the cookie; native apps send `token` as `jwt-token`. */
export const loggedInSchema = z.object({
  /** The session token, for the native apps' jwt-token header only; the web gets it only as an httpOnly cookie (null here). */
  token: z.string().nullable(),
  user: sessionUserSchema,
});
export type LoggedIn = z.infer<typeof loggedInSchema>;

// ── Forgot password (two steps) ─────────────────────────────────────────────────────────
export const resetCodeBodySchema = accountIdentitySchema.extend({ captchaToken });
export const verifyResetCodeBodySchema = accountIdentitySchema.extend({ code });
export const resetTicketSchema = z.object({
  resetToken: z.string(),
  /** Bound second factors that must also be given with the new password. */
  twofaRequired: z.array(z.literal('ga')),
});
export type ResetTicket = z.infer<typeof resetTicketSchema>;
export const resetPasswordBodySchema = z.object({
  resetToken: z.string().min(1).max(128),
  password: z.string().max(64),
  confirmPassword: z.string().max(64),
  gaCode: code.optional(),
});

// ── Codes for a signed-in user ──────────────────────────────────────────────────────────
export const userCodeBodySchema = z.object({
  purpose: z.enum(codePurposes),
  channel: z.enum(['sms', 'email']),
  /** New e-mail or phone when binding one; absent to send to the bound one. */
  email: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(20).optional(),
  countryCode: countryCode.optional(),
});
export type UserCodeBody = z.infer<typeof userCodeBodySchema>;

/**
 * The verification a security change asks for: every bound factor the user has among
 * e-mail, phone and authenticator (at least one is always bound).
 */
export const securityVerificationSchema = z.object({
  emailCode: code.optional(),
  smsCode: code.optional(),
  gaCode: code.optional(),
  /** A passkey assertion in place of the codes, when the account has a passkey (`passkeyAssertionOptions`). */
  passkey: passkeyResponseSchema.optional(),
});
export type SecurityVerification = z.infer<typeof securityVerificationSchema>;

export const twofaStatusSchema = z.object({
  twofaList: z.array(z.enum(secondFactors)),
  /** Whether the account has a passkey, which may answer a verification in place of the codes. */
  hasPasskey: z.boolean().optional(),
  maskedEmail: z.string().nullable(),
  maskedPhone: z.string().nullable(),
});

// ── Security settings ───────────────────────────────────────────────────────────────────
export const bindEmailBodySchema = securityVerificationSchema.extend({
  email: z.string().trim().max(64),
  newEmailCode: code,
});
export const bindPhoneBodySchema = securityVerificationSchema.extend({
  countryCode,
  phone: z.string().trim().max(20),
  newSmsCode: code,
});
export const changePasswordBodySchema = securityVerificationSchema.extend({
  oldPassword: z.string().min(1).max(64),
  password: z.string().max(64),
  confirmPassword: z.string().max(64),
});
export const authenticatorSecretSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeSvg: z.string(),
});
export const bindAuthenticatorBodySchema = securityVerificationSchema.extend({
  secret: z.string().trim().length(32),
  newGaCode: code,
});
export const setFundPasswordBodySchema = securityVerificationSchema.extend({
  fundPassword: z.string().max(16),
  confirmFundPassword: z.string().max(16),
});
export const changeFundPasswordBodySchema = z.object({
  oldFundPassword: z.string().max(16),
  fundPassword: z.string().max(16),
  confirmFundPassword: z.string().max(16),
});

// ── Passkeys (WebAuthn) ─────────────────────────────────────────────────────────────────
/** WebAuthn options for the browser (`startRegistration` / `startAuthentication`'s `optionsJSON`). */
export const passkeyOptionsSchema = z.record(z.string(), z.unknown());
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
const passkeyName = z.string().trim().min(1).max(50);
export const addPasskeyBodySchema = securityVerificationSchema.extend({
  name: passkeyName,
  /** The browser's registration answer to `passkeyRegistrationOptions`. */
  credential: passkeyResponseSchema,
});
export const renamePasskeyBodySchema = z.object({ id: recordIdSchema('passkeyNotFound'), name: passkeyName });
export const removePasskeyBodySchema = securityVerificationSchema.extend({ id: recordIdSchema('passkeyNotFound') });
/** A signed-in customer's assertion challenge, bound to what it will verify. */
export const passkeyAssertionOptionsBodySchema = z.object({ purpose: z.enum(codePurposes) });
export const loginPasskeyOptionsBodySchema = z.object({ preLoginToken: z.string().min(1).max(128) });

// ── Account info, histories, sessions ─────────────────────────────────────────────────
export const setFiatBodySchema = z.object({ fiat: z.enum(fiatCurrencies) });

/**
 * Where a request came from, as far as the server knows without a geo-IP database: a stable
 * key the web translates, never text in one language.
 */
export const requestLocations = ['loopback', 'privateNetwork', 'unknown'] as const;
export type RequestLocation = (typeof requestLocations)[number];

export const historyRecordSchema = z.object({
  id: z.string(),
  time: z.string(),
  device: z.string(),
  status: z.enum(['success', 'failed']),
  ip: z.string(),
  location: z.enum(requestLocations),
  /** Security-operation code of spec §9 (1000–1010); null in the login history. */
  operationType: z.number().int().nullable(),
});
export type HistoryRecord = z.infer<typeof historyRecordSchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  device: z.string(),
  clientKind: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

export const sessionIdParamsSchema = z.object({ id: recordIdSchema('noMatchingData') });

export const accountInfoSchema = z.object({
  userNo: z.string(),
  lastLoginAt: z.string().nullable(),
  kycLevel: z.number().int(),
  fiat: z.enum(fiatCurrencies),
});

// ── Dev outbox (embedded default only) ──────────────────────────────────────────────────
export const devOutboxQuerySchema = z.object({
  to: z.string().max(64).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One e-mail or SMS the dev outbox holds. */
export const devOutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});

// ── Authenticator change in three steps (spec §7 change-ga-check, ga-generate, ga-check) ──
/** A change ticket: 43 base64url characters (32 random bytes), single-use, 10 minutes. */
const changeTicket = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'a change ticket');
export const authenticatorChangeTicketSchema = z.object({
  changeTicket: z.string(),
  expiresInSeconds: z.number().int(),
});
export const authenticatorGenerateBodySchema = z.object({ changeTicket });
export const authenticatorCheckBodySchema = z.object({ changeTicket, newGaCode: code });

// ── Preferences (spec §7 set-preferences) ───────────────────────────────────────────────
/**
 * The customer's preferences. `language` is the language of e-mails and SMS (null: the
 * language of the request that sends them); `fiat` is the valuation currency (the same
 * setting as set-fiat). The notification choices cover the optional notices only: security
 * notices (codes, security changes, address-book changes) are always sent.
 */
export const userPreferencesSchema = z.object({
  language: z.enum(languages).nullable(),
  fiat: z.enum(fiatCurrencies),
  notifyLogin: z.boolean(),
  notifyWithdrawal: z.boolean(),
  notifyDeposit: z.boolean(),
  notifyMarketing: z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
/** Every field optional: what is absent stays as it was; at least one must be given. */
export const setPreferencesBodySchema = userPreferencesSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to change' });

// ── Gray release of the display (spec §7 gray/displayName) ─────────────────────────────
/** The optional menu entries a gray release can hide (keys of the web's account menu). */
export const displayFeatures = ['loan', 'investment', 'buyCrypto', 'quotation', 'automaticSwap', 'api', 'invite'] as const;
export type DisplayFeature = (typeof displayFeatures)[number];
export const displayNameSchema = z.object({
  /** Shown to this caller. */
  shown: z.array(z.enum(displayFeatures)),
  /** Hidden from this caller: the web leaves these entries out of its menus. */
  hidden: z.array(z.enum(displayFeatures)),
});
export type DisplayName = z.infer<typeof displayNameSchema>;
