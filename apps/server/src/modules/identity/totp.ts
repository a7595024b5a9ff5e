import { generate, generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 as Google Authenticator uses it: SHA-1, 6 digits, 30-second steps. */
export const totpStepSeconds = 30;

/** A 20-byte secret, which is 32 base32 characters (spec §5). */
export function createTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: 'Coffer', label: account, secret });
}

export function totpCode(secret: string, atMs = Date.now()): Promise<string> {
  return generate({ secret, epoch: Math.floor(atMs / 1000) });
}

/**
 * The time step a code belongs to, within ±1 step of now, or null. The caller refuses a
 * step not later than the last one used, so no code is accepted twice.
 */
export async function matchTotpStep(secret: string, code: string, atMs = Date.now()): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const epoch = Math.floor(atMs / 1000);
  const result = await verify({ secret, token: code, epoch, epochTolerance: totpStepSeconds });
  if (!result.valid) return null;
  return Math.floor(epoch / totpStepSeconds) + (result.delta ?? 0);
}
