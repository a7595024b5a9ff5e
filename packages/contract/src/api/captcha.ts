import { z } from 'zod';

/**
 * The self-hosted proof-of-work captcha (ALTCHA). A challenge is bound to one purpose and
 * expires; `/cap/v2/action/verify` checks a solution once and answers a captcha token that the
 * protected call carries as `captchaToken` (also single-use, bound to the same purpose).
 */
export const captchaPurposes = [
  /** The password step of the login. */
  'login',
  /** Sending a verification code (registration, forgot password). */
  'sendCode',
  /** Creating an account. */
  'register',
  /** API key changes. */
  'apiKey',
] as const;
export type CaptchaPurpose = (typeof captchaPurposes)[number];

export const captchaPurposeSchema = z.enum(captchaPurposes);

/** A captcha token as the protected calls take it (absent until the server asks for one). */
export const captchaTokenSchema = z.string().trim().min(1).max(512);

export const captchaChallengeBodySchema = z.object({ purpose: captchaPurposeSchema });

/** An ALTCHA v2 challenge, exactly as the `altcha` widget reads it. */
export const captchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number().int(),
    keyLength: z.number().int(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().int().optional(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
  }),
  signature: z.string(),
});
export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

export const captchaVerifyBodySchema = z.object({
  purpose: captchaPurposeSchema,
  /** The widget's payload: base64 of `{ challenge, solution }`. */
  payload: z.string().trim().min(1).max(4096),
});

export const captchaTokenAnswerSchema = z.object({
  /** Goes into the protected call's `captchaToken`; spent by it. */
  captchaToken: z.string(),
  expiresInSeconds: z.number().int(),
});
export type CaptchaTokenAnswer = z.infer<typeof captchaTokenAnswerSchema>;
