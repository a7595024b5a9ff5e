import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyResponse } from '@coffer/contract';
import { codeChecks, type SecretProof } from './verification-codes';
import type { IdentityDeps } from './identity-core';
import { identityError } from './identity.errors';
import { passkeyRepository, type PasskeyRow } from './passkey.repository';
import type { UserRow } from './user.repository';

/**
 * The relying party passkeys are bound to: the host of `PUBLIC_ORIGIN`, else `localhost` (the
 * local app; a browser refuses an IP address as RP ID, so the local app is reached at
 * http://localhost:<port> to use one) with any loopback port as its origin.
 */
export interface WebAuthnConfig {
  rpId: string;
  rpName: string;
  allowsOrigin(origin: string): boolean;
}

export function webAuthnConfig(publicOrigin: string | undefined): WebAuthnConfig {
  if (publicOrigin) {
    const url = new URL(publicOrigin);
    return { rpId: url.hostname, rpName: 'Coffer', allowsOrigin: (origin) => origin === url.origin };
  }
  return { rpId: 'localhost', rpName: 'Coffer', allowsOrigin: (origin) => /^http:\/\/localhost(:\d{1,5})?$/.test(origin) };
}

/** What a challenge is for: a registration, a login's second step, or a signed-in verification of a code purpose. */
export type ChallengePurpose = 'register' | 'login' | 'custody-approval' | `verify:${string}`;

/**
 * The signature counter after `response`, an assertion by `passkey` over `challenge` from
 * `origin`; null when it does not verify (the library throws on a wrong origin, RP ID,
 * challenge, signature or a counter regression).
 */
async function verifiedCounter(
  deps: IdentityDeps,
  passkey: PasskeyRow,
  response: PasskeyResponse,
  challenge: string,
  origin: string,
): Promise<number | null> {
  return verifyAuthenticationResponse({
    response: response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: deps.webauthn.rpId,
    requireUserVerification: false,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.counter),
      transports: transportsOf(passkey),
    },
  }).then(
    (result) => (result.verified ? result.authenticationInfo.newCounter : null),
    () => null,
  );
}

/** The client data a browser signed: its challenge and origin, or null when it is not readable. */
export function clientDataOf(response: PasskeyResponse): { challenge: string; origin: string } | null {
  const inner = response.response;
  if (typeof inner !== 'object' || inner === null) return null;
  const encoded = (inner as Record<string, unknown>).clientDataJSON;
  if (typeof encoded !== 'string' || encoded.length > 8192) return null;
  try {
    const data = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as Record<string, unknown>;
    return typeof data.challenge === 'string' && typeof data.origin === 'string'
      ? { challenge: data.challenge, origin: data.origin }
      : null;
  } catch {
    return null;
  }
}

/** WebAuthn options for an assertion by one of the customer's passkeys, with a new challenge stored for `purpose`. */
export async function assertionOptions(deps: IdentityDeps, user: UserRow, purpose: ChallengePurpose): Promise<Record<string, unknown>> {
  const passkeys = await passkeyRepository.listOf(deps.db, user.id);
  if (passkeys.length === 0) throw identityError('passkeyNotFound');
  const options = await generateAuthenticationOptions({
    rpID: deps.webauthn.rpId,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
  });
  await passkeyRepository.insertChallenge(deps.db, user.id, purpose, options.challenge);
  return { ...options };
}

function transportsOf(passkey: PasskeyRow): AuthenticatorTransport[] {
  return passkey.transports as AuthenticatorTransport[];
}

/**
 * Checks a passkey assertion within the account's and the IP's code limits. The attempt is
 * counted before anything is written; then the challenge (this customer's, this purpose's,
 * live) is spent by one conditional update, so of many requests carrying one assertion at most
 * one gets further; then the signature, origin, RP ID and counter are verified. Spending moves
 * the counter forward, refused when another use got there first.
 */
export async function checkPasskey(
  deps: IdentityDeps,
  user: UserRow,
  purpose: ChallengePurpose,
  response: PasskeyResponse,
  field: string,
  ip: string | null,
): Promise<SecretProof> {
  const reservations = await deps.limiter.reserve(codeChecks(user.id, ip));
  const refuse = (key: 'passkeyNotRecognised' | 'passkeyChallengeExpired') => {
    deps.limiter.failed(reservations);
    return identityError(key, {}, field);
  };
  const clientData = clientDataOf(response);
  if (!clientData || typeof response.id !== 'string' || !deps.webauthn.allowsOrigin(clientData.origin)) {
    throw refuse('passkeyNotRecognised');
  }
  const passkey = await passkeyRepository.findByCredential(deps.db, user.id, response.id);
  if (!passkey) throw refuse('passkeyNotRecognised');
  if (!(await passkeyRepository.consumeChallenge(deps.db, user.id, purpose, clientData.challenge))) {
    throw refuse('passkeyChallengeExpired');
  }
  const newCounter = await verifiedCounter(deps, passkey, response, clientData.challenge, clientData.origin);
  if (newCounter === null) throw refuse('passkeyNotRecognised');
  return {
    reservations,
    spentError: identityError('passkeyNotRecognised', {}, field),
    spend: (trx) => passkeyRepository.advanceCounter(trx, passkey.id, newCounter),
  };
}

/** A registration answer verified against its spent challenge: the credential to store. */
export async function checkRegistration(
  deps: IdentityDeps,
  user: UserRow,
  response: PasskeyResponse,
  field: string,
  ip: string | null,
): Promise<SecretProof & { credential: { id: string; publicKey: Buffer; counter: number; transports: string[] } | null }> {
  const reservations = await deps.limiter.reserve(codeChecks(user.id, ip));
  const refuse = (key: 'passkeyNotRecognised' | 'passkeyChallengeExpired') => {
    deps.limiter.failed(reservations);
    return identityError(key, {}, field);
  };
  const clientData = clientDataOf(response);
  if (!clientData || !deps.webauthn.allowsOrigin(clientData.origin)) throw refuse('passkeyNotRecognised');
  if (!(await passkeyRepository.consumeChallenge(deps.db, user.id, 'register', clientData.challenge))) {
    throw refuse('passkeyChallengeExpired');
  }
  const info = await verifyRegistrationResponse({
    response: response as unknown as RegistrationResponseJSON,
    expectedChallenge: clientData.challenge,
    expectedOrigin: clientData.origin,
    expectedRPID: deps.webauthn.rpId,
    requireUserVerification: false,
  }).then(
    (result) => (result.verified ? result.registrationInfo : null),
    () => null,
  );
  if (!info) throw refuse('passkeyNotRecognised');
  return {
    reservations,
    spentError: identityError('passkeyChallengeExpired', {}, field),
    spend: async () => true,
    credential: {
      id: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
    },
  };
}

/** Why an assertion over a caller-derived challenge was refused (`verifyPasskeyAssertionForChallenge`). */
export type ChallengeRefusal = 'otherChallenge' | 'spent' | 'notYourKey' | 'invalid';

/** A verified assertion: the credential that made it, and the parts that let anyone re-verify it. */
export interface ChallengeAssertion {
  credentialId: string;
  credentialName: string;
  signature: string;
  authenticatorData: string;
  clientDataJSON: string;
}

/** The base64url fields of an assertion's response, or null when one is missing. */
function assertionParts(response: PasskeyResponse): Omit<ChallengeAssertion, 'credentialId' | 'credentialName'> | null {
  const inner = response.response;
  if (typeof inner !== 'object' || inner === null) return null;
  const fields = inner as Record<string, unknown>;
  const parts = [fields.signature, fields.authenticatorData, fields.clientDataJSON];
  if (!parts.every((part): part is string => typeof part === 'string' && /^[A-Za-z0-9_-]{1,8192}$/.test(part))) return null;
  const [signature, authenticatorData, clientDataJSON] = parts as [string, string, string];
  return { signature, authenticatorData, clientDataJSON };
}

/**
 * WebAuthn request options whose challenge another module derived (base64url of the bytes the
 * key must sign: a custody approval's digest), stored for `purpose` like every challenge: live
 * 5 minutes, spent at most once.
 */
export async function optionsForChallenge(
  deps: IdentityDeps,
  user: UserRow,
  purpose: ChallengePurpose,
  challenge: string,
): Promise<Record<string, unknown>> {
  const passkeys = await passkeyRepository.listOf(deps.db, user.id);
  if (passkeys.length === 0) throw identityError('passkeyNotFound');
  const options = await generateAuthenticationOptions({
    rpID: deps.webauthn.rpId,
    userVerification: 'preferred',
    challenge: new Uint8Array(Buffer.from(challenge, 'base64url')),
    allowCredentials: passkeys.map((passkey) => ({ id: passkey.credential_id, transports: transportsOf(passkey) })),
  });
  await passkeyRepository.insertChallenge(deps.db, user.id, purpose, options.challenge);
  return { ...options };
}

/**
 * Checks an assertion that must be over `expectedChallenge` by one of the customer's own keys,
 * within the account's and the IP's code limits (a refusal counts as a failed attempt), and
 * spends it: the challenge (this customer's, this purpose's, live) and the counter move in one
 * transaction by conditional updates, so of many requests carrying one assertion one passes and
 * the others are `spent`. Nothing is written on a refusal before that step.
 */
export async function checkPasskeyForChallenge(
  deps: IdentityDeps,
  user: UserRow,
  purpose: ChallengePurpose,
  expectedChallenge: string,
  response: PasskeyResponse,
  ip: string | null,
): Promise<{ refused: ChallengeRefusal } | { refused: null; assertion: ChallengeAssertion }> {
  const reservations = await deps.limiter.reserve(codeChecks(user.id, ip));
  const refuse = (reason: ChallengeRefusal) => {
    deps.limiter.failed(reservations);
    return { refused: reason };
  };
  const clientData = clientDataOf(response);
  const parts = assertionParts(response);
  if (!clientData || !parts || typeof response.id !== 'string' || !deps.webauthn.allowsOrigin(clientData.origin)) {
    return refuse('invalid');
  }
  if (clientData.challenge !== expectedChallenge) return refuse('otherChallenge');
  const passkey = await passkeyRepository.findByCredential(deps.db, user.id, response.id);
  if (!passkey) return refuse('notYourKey');
  // A counter that did not move forward is an assertion made before (a replay or a cloned key).
  const signedCounter = Buffer.from(parts.authenticatorData, 'base64url').subarray(33, 37);
  const stored = Number(passkey.counter);
  if (signedCounter.length === 4 && (stored > 0 || signedCounter.readUInt32BE(0) > 0) && signedCounter.readUInt32BE(0) <= stored) {
    return refuse('spent');
  }
  const newCounter = await verifiedCounter(deps, passkey, response, expectedChallenge, clientData.origin);
  if (newCounter === null) return refuse('invalid');
  const spent = await deps.db
    .transaction()
    .execute(async (trx) => {
      if (!(await passkeyRepository.consumeChallenge(trx, user.id, purpose, expectedChallenge))) throw new SpentChallenge();
      if (!(await passkeyRepository.advanceCounter(trx, passkey.id, newCounter))) throw new SpentChallenge();
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof SpentChallenge) return false;
      throw error;
    });
  if (!spent) return refuse('spent');
  await deps.limiter.succeeded(reservations);
  return { refused: null, assertion: { credentialId: passkey.credential_id, credentialName: passkey.name, ...parts } };
}

class SpentChallenge extends Error {}
