import { captchaPurposes, type CaptchaChallenge, type CaptchaPurpose, type CaptchaTokenAnswer } from '@coffer/contract';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import { constantTimeEqual, macOf, randomToken } from '../../platform/security/crypto';
import { captchaError } from './captcha.errors';
import type { CaptchaRepository } from './captcha.repository';

/** PBKDF2 is in every browser's WebCrypto and in the widget's bundled workers. */
const algorithm = 'PBKDF2/SHA-256';
const cost = 1000;

export interface CaptchaServiceDeps {
  repository: CaptchaRepository;
  /** The server's MAC key; the challenge and token keys are derived from it, one per use. */
  key: Buffer;
  /** The largest secret counter of a challenge (the work: about half to all of it). */
  maxNumber: number;
  /** How long a challenge may be solved and verified. */
  challengeSeconds: number;
  /** How long a verified captcha's token may be spent. */
  tokenSeconds: number;
}

/** The proof-of-work captcha: challenges bound to a purpose, each solution and token good once. */
export interface CaptchaService {
  challenge(purpose: CaptchaPurpose): Promise<CaptchaChallenge>;
  /** Checks a solved challenge (signature, expiry, purpose, work), spends it and answers a token for the same purpose. */
  verify(purpose: CaptchaPurpose, payload: string): Promise<CaptchaTokenAnswer>;
  /** Spends a token for its purpose; throws captchaWrong (wrong, spent, other purpose) or captchaExpired. */
  verifyOnce(purpose: CaptchaPurpose, token: string): Promise<void>;
}

const payloadSchema = z.object({
  challenge: z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string().min(1).max(256) }),
  solution: z.object({ counter: z.number(), derivedKey: z.string().max(256), time: z.number().optional() }),
});

/** The widget's payload (base64 of JSON), or null when it is not one. */
function decodePayload(payload: string): { challenge: Challenge; solution: Solution } | null {
  try {
    const parsed = payloadSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
    // The parameters are only read after their signature has been checked.
    return parsed.success ? (parsed.data as unknown as { challenge: Challenge; solution: Solution }) : null;
  } catch {
    return null;
  }
}

function isPurpose(value: unknown): value is CaptchaPurpose {
  return typeof value === 'string' && (captchaPurposes as readonly string[]).includes(value);
}

export function createCaptchaService(deps: CaptchaServiceDeps): CaptchaService {
  const hmacSignatureSecret = macOf(deps.key, 'captcha-challenge', 'v1');
  const hmacKeySignatureSecret = macOf(deps.key, 'captcha-derived-key', 'v1');
  const tokenMac = (body: string) => macOf(deps.key, 'captcha-token', body);

  function issueToken(purpose: CaptchaPurpose): CaptchaTokenAnswer {
    const expiresAt = Math.floor(Date.now() / 1000) + deps.tokenSeconds;
    const body = `${purpose}.${expiresAt}.${randomToken(18)}`;
    return { captchaToken: `${body}.${tokenMac(body)}`, expiresInSeconds: deps.tokenSeconds };
  }

  return {
    challenge(purpose) {
      return createChallenge({
        algorithm,
        cost,
        // Deterministic mode: the server knows the counter, so verifying is one HMAC.
        counter: randomInt(deps.maxNumber, Math.ceil(deps.maxNumber / 2)),
        deriveKey,
        data: { purpose },
        expiresAt: new Date(Date.now() + deps.challengeSeconds * 1000),
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }) as Promise<CaptchaChallenge>;
    },

    async verify(purpose, payload) {
      const decoded = decodePayload(payload);
      if (!decoded) throw captchaError('captchaWrong', {}, 'payload');
      const result = await verifySolution({ ...decoded, deriveKey, hmacSignatureSecret, hmacKeySignatureSecret }).catch(() => null);
      if (result?.expired) throw captchaError('captchaExpired', {}, 'payload');
      const { parameters } = decoded.challenge;
      // Signed by us, so the purpose and expiry are ours; a solution for another purpose is refused.
      if (!result?.verified || parameters.data?.purpose !== purpose || !parameters.expiresAt)
        throw captchaError('captchaWrong', {}, 'payload');
      const isFirst = await deps.repository.spend({
        key: `solution:${decoded.challenge.signature}`,
        purpose,
        expiresAt: new Date(parameters.expiresAt * 1000),
      });
      if (!isFirst) throw captchaError('captchaWrong', {}, 'payload');
      return issueToken(purpose);
    },

    async verifyOnce(purpose, token) {
      const [tokenPurpose, expiresText, id, mac, ...rest] = token.split('.');
      const body = `${tokenPurpose}.${expiresText}.${id}`;
      if (rest.length > 0 || !isPurpose(tokenPurpose) || !id || !mac || !constantTimeEqual(mac, tokenMac(body))) {
        throw captchaError('captchaWrong', {}, 'captchaToken');
      }
      if (tokenPurpose !== purpose) throw captchaError('captchaWrong', {}, 'captchaToken');
      const expiresAt = Number(expiresText);
      if (!(expiresAt * 1000 > Date.now())) throw captchaError('captchaExpired', {}, 'captchaToken');
      if (!(await deps.repository.spend({ key: `token:${id}`, purpose, expiresAt: new Date(expiresAt * 1000) }))) {
        throw captchaError('captchaWrong', {}, 'captchaToken');
      }
    },
  };
}
