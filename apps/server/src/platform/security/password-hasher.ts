import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (an ambient const enum, so written out). */
const argon2id = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(storedHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification, so an unknown account answers as slowly as a known one. */
  verifyNothing(password: string): Promise<void>;
}

/** argon2id with the server-side pepper as its secret (OWASP parameters: 19 MiB, t=2). */
export function createPasswordHasher(pepper: Buffer): PasswordHasher {
  const options = { algorithm: argon2id, secret: pepper, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
  let decoy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    async verify(storedHash, password) {
      try {
        return await verify(storedHash, password, { secret: pepper });
      } catch {
        return false;
      }
    },
    async verifyNothing(password) {
      decoy ??= hash('decoy password that never matches', options);
      await verify(await decoy, password, { secret: pepper }).catch(() => false);
    },
  };
}
