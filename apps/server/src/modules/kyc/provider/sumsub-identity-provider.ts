import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  IdentityProviderError,
  headerValue,
  type IdentityProvider,
  type ProviderLocale,
  type ProviderOutcome,
  type RejectionReason,
  type SupportedCountry,
} from './identity-provider';
import { hmacHex, isSameHexMac, unixSeconds, type HmacAlgorithm } from './signing';

/** The digest algorithms Sumsub's webhook manager offers, as its `X-Payload-Digest-Alg` header names them. */
const digestAlgorithms = { HMAC_SHA1_HEX: 'sha1', HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const satisfies Record<
  string,
  HmacAlgorithm
>;
export type SumsubDigestAlgorithm = keyof typeof digestAlgorithms;

export interface SumsubOptions {
  /** `https://api.sumsub.com`, or a local stand-in in tests. */
  apiUrl: string;
  /** `X-App-Token`: an app token made in the dashboard. */
  appToken: string;
  /** The secret key issued with the app token; signs every request. */
  secretKey: string;
  /** The webhook's own secret key (dashboard, webhook manager), for `X-Payload-Digest`. */
  webhookSecretKey: string;
  /** The algorithm chosen for the webhook in the dashboard; a delivery naming another is refused. */
  webhookDigestAlgorithm?: SumsubDigestAlgorithm;
  /** The verification level (document front/back and selfie) set up in the dashboard. */
  levelName: string;
  /**
   * The countries and documents that level accepts. They are configured in the dashboard, not
   * asked of the API, so they are configuration here too.
   */
  countries: SupportedCountry[];
  /** Lifetime of a WebSDK link; Sumsub's default is 1800 s. */
  linkTtlSeconds?: number;
  /** How far `createdAtMs` of a webhook may be from now. */
  webhookMaxAgeSeconds?: number;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
  /** The clock requests are signed with (tests). */
  clock?: () => Date;
}

/** Sumsub's WebSDK language codes (ISO 639-1, `zh-tw` for Traditional Chinese). */
const sumsubLanguage: Record<ProviderLocale, string> = { en: 'en', 'zh-CN': 'zh', 'zh-TW': 'zh-tw', ru: 'ru' };

/** Sumsub's documented error body: `{ description, code, correlationId, errorCode, errorName }`. */
const errorSchema = z.object({
  code: z.number().optional(),
  correlationId: z.string().optional(),
  errorCode: z.number().optional(),
  errorName: z.string().optional(),
});

const linkSchema = z.object({ url: z.url({ protocol: /^https?$/ }) });

/** The webhook fields read here; Sumsub sends more, which are left alone. */
const webhookSchema = z.object({
  type: z.string(),
  applicantId: z.string().optional(),
  externalUserId: z.string().min(1).max(512),
  levelName: z.string().optional(),
  createdAtMs: z.string(),
  reviewResult: z
    .object({
      reviewAnswer: z.string(),
      rejectLabels: z.array(z.string()).optional(),
      reviewRejectType: z.string().optional(),
    })
    .optional(),
});

/**
 * Sumsub rejection labels, most serious first: the first group holding any of a webhook's
 * labels names the reason. A label not listed here answers `other`.
 */
const reasonsByLabel: ReadonlyArray<[RejectionReason, readonly string[]]> = [
  [
    'fraudSuspected',
    ['FORGERY', 'GRAPHIC_EDITOR', 'DOCUMENT_TEMPLATE', 'FRAUDULENT_PATTERNS', 'FRAUDULENT_LIVENESS', 'BLACKLIST', 'BLOCKLIST'],
  ],
  ['screeningHit', ['SANCTIONS', 'PEP', 'ADVERSE_MEDIA', 'CRIMINAL', 'COMPROMISED_PERSONS']],
  ['notEligible', ['AGE_REQUIREMENT_MISMATCH', 'WRONG_USER_REGION', 'REGULATIONS_VIOLATIONS', 'DUPLICATE']],
  ['faceMismatch', ['BAD_FACE_MATCHING', 'SELFIE_MISMATCH']],
  ['documentExpired', ['EXPIRATION_DATE']],
  ['documentInvalid', ['ID_INVALID', 'NOT_DOCUMENT']],
  [
    'documentUnreadable',
    [
      'UNSATISFACTORY_PHOTOS',
      'SCREENSHOTS',
      'BLACK_AND_WHITE',
      'DOCUMENT_DAMAGED',
      'INCOMPLETE_DOCUMENT',
      'DOCUMENT_PAGE_MISSING',
      'FRONT_SIDE_MISSING',
      'BACK_SIDE_MISSING',
    ],
  ],
  ['selfieUnusable', ['BAD_SELFIE', 'BAD_VIDEO_SELFIE']],
];

export function rejectionReasonOf(labels: readonly string[]): RejectionReason {
  for (const [reason, group] of reasonsByLabel) if (labels.some((label) => group.includes(label))) return reason;
  return 'other';
}

/** `createdAtMs` as Sumsub writes it: `yyyy-MM-dd HH:mm:ss.fff` in UTC. */
function parseCreatedAt(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z?$/.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction = '0'] = match.map((part) => part ?? '');
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute), Number(second), Number(fraction.padEnd(3, '0'))),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}

function outcomeOf(event: z.infer<typeof webhookSchema>): ProviderOutcome | null {
  if (event.type === 'applicantOnHold') return { kind: 'manualReview' };
  if (event.type !== 'applicantReviewed' || !event.reviewResult) return null;
  const { reviewAnswer, rejectLabels = [], reviewRejectType } = event.reviewResult;
  if (reviewAnswer === 'GREEN') return { kind: 'approved' };
  // A RED answer without its type is taken as final: only RETRY invites the customer back.
  if (reviewAnswer === 'RED') return { kind: 'rejected', reason: rejectionReasonOf(rejectLabels), retryable: reviewRejectType === 'RETRY' };
  return null;
}

/**
 * Identity verification by Sumsub. A session is a WebSDK link
 * (`POST /resources/sdkIntegrations/levels/-/websdkLink`) for the level, keyed by our
 * application reference as Sumsub's `userId` (its `externalUserId`): Sumsub's webhooks name
 * only that id and its own applicant id, so the reference is what lets a webhook find its
 * application, and the same reference resumes the same applicant after a RETRY. Every request
 * is signed: `X-App-Access-Sig` = hex HMAC-SHA256 with the secret key of
 * `ts + METHOD + path?query + body`, `X-App-Access-Ts` = unix seconds, `X-App-Token`.
 *
 * Webhooks (`applicantReviewed`, `applicantOnHold`; subscribe to those only) are verified by
 * `X-Payload-Digest`, the hex HMAC of the raw body with the webhook's secret key, in the
 * algorithm `X-Payload-Digest-Alg` names. Sumsub sends no timestamp header: the window applies
 * to the signed `createdAtMs`. The delivery id is the body's SHA-256, the same for Sumsub's
 * re-sends of one event.
 */
export function createSumsubIdentityProvider(options: SumsubOptions): IdentityProvider {
  const fetchImpl = options.fetchImpl ?? fetch;
  const clock = options.clock ?? (() => new Date());
  const apiUrl = options.apiUrl.replace(/\/+$/, '');
  const ttlSeconds = options.linkTtlSeconds ?? 1800;
  const maxAgeMs = (options.webhookMaxAgeSeconds ?? 300) * 1000;
  const digestAlgorithm = options.webhookDigestAlgorithm ?? 'HMAC_SHA256_HEX';

  async function signedPost(pathAndQuery: string, body: string): Promise<Response> {
    const timestamp = String(unixSeconds(clock()));
    return fetchImpl(`${apiUrl}${pathAndQuery}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'X-App-Token': options.appToken,
        'X-App-Access-Ts': timestamp,
        'X-App-Access-Sig': hmacHex('sha256', options.secretKey, timestamp, 'POST', pathAndQuery, body),
      },
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    }).catch((error: unknown) => {
      throw new IdentityProviderError(`Sumsub could not be reached (${error instanceof Error ? error.name : 'error'})`, {
        provider: 'sumsub',
      });
    });
  }

  return {
    name: 'sumsub',

    async supportedCountries() {
      return options.countries.map((entry) => ({ country: entry.country, documentTypes: [...entry.documentTypes] }));
    },

    async createSession(request) {
      const pathAndQuery = `/resources/sdkIntegrations/levels/-/websdkLink?lang=${encodeURIComponent(sumsubLanguage[request.locale])}`;
      // The outcome arrives by webhook, so a rejected applicant returns to the same page as an
      // approved one; Sumsub has no redirect for a technical failure (errorUrl is not used).
      const body = JSON.stringify({
        levelName: options.levelName,
        userId: request.reference,
        ttlInSecs: ttlSeconds,
        redirect: { successUrl: request.successUrl, rejectUrl: request.successUrl },
      });
      const startedAt = clock();
      const response = await signedPost(pathAndQuery, body);
      const answer: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        // `description` may quote what was sent; only the codes are kept.
        const refused = errorSchema.safeParse(answer);
        const facts = refused.success ? refused.data : {};
        throw new IdentityProviderError(
          `Sumsub refused the WebSDK link: HTTP ${response.status}${facts.errorCode === undefined ? '' : `, error ${facts.errorCode}`}${facts.errorName ? ` (${facts.errorName})` : ''}`,
          {
            provider: 'sumsub',
            status: response.status,
            ...(facts.errorCode === undefined ? {} : { providerCode: facts.errorCode }),
            ...(facts.correlationId ? { correlationId: facts.correlationId } : {}),
          },
        );
      }
      const link = linkSchema.safeParse(answer);
      if (!link.success)
        throw new IdentityProviderError(`Sumsub answered HTTP ${response.status} without a link`, {
          provider: 'sumsub',
          status: response.status,
        });
      return {
        sessionId: request.reference,
        redirectUrl: link.data.url,
        expiresAt: new Date(startedAt.getTime() + ttlSeconds * 1000),
      };
    },

    parseWebhook(rawBody, headers, now) {
      const namedAlgorithm = headerValue(headers, 'x-payload-digest-alg') ?? 'HMAC_SHA256_HEX';
      if (namedAlgorithm !== digestAlgorithm) return { ok: false, reason: 'badSignature' };
      const expected = hmacHex(digestAlgorithms[digestAlgorithm], options.webhookSecretKey, rawBody);
      if (!isSameHexMac(expected, headerValue(headers, 'x-payload-digest'))) return { ok: false, reason: 'badSignature' };

      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const event = webhookSchema.safeParse(json);
      if (!event.success) return { ok: false, reason: 'malformed' };
      // Another level's events (a later KYC step on the same applicant) are not this one's outcome.
      if (event.data.levelName !== undefined && event.data.levelName !== options.levelName) return { ok: false, reason: 'malformed' };
      const occurredAt = parseCreatedAt(event.data.createdAtMs);
      if (!occurredAt) return { ok: false, reason: 'malformed' };
      const outcome = outcomeOf(event.data);
      if (!outcome) return { ok: false, reason: 'malformed' };
      if (Math.abs(now.getTime() - occurredAt.getTime()) > maxAgeMs) return { ok: false, reason: 'staleTimestamp' };
      return {
        ok: true,
        webhook: {
          deliveryId: `sumsub:${createHash('sha256').update(rawBody).digest('hex')}`,
          sessionId: event.data.externalUserId,
          reference: event.data.externalUserId,
          outcome,
          occurredAt,
        },
      };
    },
  };
}
