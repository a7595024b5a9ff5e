import {
  securityOperations,
  type CodePurpose,
  type Language,
  type Passkey,
  type PasskeyResponse,
  type SecurityVerification,
} from '@coffer/contract';
import { generateRegistrationOptions } from '@simplewebauthn/server';
import { loadUser, verifyAllFactors, type Caller, type IdentityDeps } from './identity-core';
import { identityError } from './identity.errors';
import { passkeyRepository, type PasskeyRow } from './passkey.repository';
import { commitChange, type FundingFacts, type SignedIn } from './security-change';
import { assertionOptions, checkRegistration } from './webauthn';

/** The most passkeys one customer may register. */
export const maxPasskeys = 10;

/**
 * Passkeys (WebAuthn) as a second factor (issue 16 item 8). Adding and removing one follow
 * the rules of binding an authenticator: every bound factor verified (or an existing passkey),
 * the 24-hour withdrawal lock, a security-history row (1014/1015) and an e-mail notice.
 */
export interface PasskeyService {
  list(signedIn: SignedIn): Promise<Passkey[]>;
  registrationOptions(signedIn: SignedIn): Promise<Record<string, unknown>>;
  add(signedIn: SignedIn, body: SecurityVerification & { name: string; credential: PasskeyResponse }, caller: Caller): Promise<Passkey>;
  rename(signedIn: SignedIn, body: { id: string; name: string }): Promise<void>;
  remove(signedIn: SignedIn, body: SecurityVerification & { id: string }, caller: Caller): Promise<void>;
  /** A challenge for a verification of `purpose` (security change, money move, API key change) by a passkey. */
  assertionOptions(signedIn: SignedIn, purpose: CodePurpose): Promise<Record<string, unknown>>;
}

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at.toISOString(),
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
});

const notices: Record<'added' | 'removed', Record<Language, (name: string) => { subject: string; text: string }>> = {
  added: {
    en: (name) => ({
      subject: 'Coffer: a passkey was added',
      text: `The passkey "${name}" was added to your account. If this was not you, contact support at once.`,
    }),
    'zh-CN': (name) => ({ subject: 'Coffer：已添加通行密钥', text: `您的账户已添加通行密钥“${name}”。如非本人操作，请立即联系客服。` }),
    'zh-TW': (name) => ({ subject: 'Coffer：已新增通行金鑰', text: `您的帳戶已新增通行金鑰「${name}」。如非本人操作，請立即聯繫客服。` }),
    ru: (name) => ({
      subject: 'Coffer: добавлен ключ доступа',
      text: `К вашему аккаунту добавлен ключ доступа «${name}». Если это были не вы, срочно обратитесь в поддержку.`,
    }),
  },
  removed: {
    en: (name) => ({
      subject: 'Coffer: a passkey was removed',
      text: `The passkey "${name}" was removed from your account. If this was not you, contact support at once.`,
    }),
    'zh-CN': (name) => ({ subject: 'Coffer：已移除通行密钥', text: `您的账户已移除通行密钥“${name}”。如非本人操作，请立即联系客服。` }),
    'zh-TW': (name) => ({ subject: 'Coffer：已移除通行金鑰', text: `您的帳戶已移除通行金鑰「${name}」。如非本人操作，請立即聯繫客服。` }),
    ru: (name) => ({
      subject: 'Coffer: удалён ключ доступа',
      text: `Из вашего аккаунта удалён ключ доступа «${name}». Если это были не вы, срочно обратитесь в поддержку.`,
    }),
  },
};

export function createPasskeyService(deps: IdentityDeps, funding: FundingFacts): PasskeyService {
  const { db } = deps;

  /** The e-mail notice after the change committed; a failed send does not undo it. */
  async function notify(email: string | null, kind: 'added' | 'removed', name: string, caller: Caller): Promise<void> {
    if (!email) return;
    const message = notices[kind][caller.language](name);
    await deps.messenger.send({ channel: 'email', to: email, ...message }).catch(() => undefined);
  }

  return {
    async list(signedIn) {
      return (await passkeyRepository.listOf(db, signedIn.userId)).map(toPasskey);
    },

    async registrationOptions(signedIn) {
      const user = await loadUser(deps, signedIn.userId);
      const existing = await passkeyRepository.listOf(db, user.id);
      if (existing.length >= maxPasskeys) throw identityError('passkeyLimitReached', { max: maxPasskeys });
      const options = await generateRegistrationOptions({
        rpName: deps.webauthn.rpName,
        rpID: deps.webauthn.rpId,
        userName: user.email ?? `+${user.phone_dial_code ?? ''}${user.phone ?? ''}`,
        userID: new TextEncoder().encode(user.user_no),
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      await passkeyRepository.insertChallenge(db, user.id, 'register', options.challenge);
      return { ...options };
    },

    async add(signedIn, body, caller) {
      const user = await loadUser(deps, signedIn.userId);
      let credential: Awaited<ReturnType<typeof checkRegistration>>['credential'] | null = null;
      await verifyAllFactors(deps, user, 'passkey', body, caller.ip, [
        async () => {
          const proof = await checkRegistration(deps, user, body.credential, 'credential', caller.ip);
          credential = proof.credential;
          return proof;
        },
      ]);
      const registered = credential as Awaited<ReturnType<typeof checkRegistration>>['credential'] | null;
      if (!registered) throw identityError('passkeyNotRecognised', {}, 'credential');
      let row: PasskeyRow | undefined;
      await commitChange({ db, funding }, user, securityOperations.addPasskey, 'firstSetUp', caller, async (trx) => {
        const inserted = await passkeyRepository.insertWithin(
          trx,
          {
            userId: user.id,
            credentialId: registered.id,
            publicKey: registered.publicKey,
            counter: registered.counter,
            transports: registered.transports,
            name: body.name,
          },
          maxPasskeys,
        );
        if (inserted === 'limit') throw identityError('passkeyLimitReached', { max: maxPasskeys });
        if (inserted === 'duplicate') throw identityError('passkeyAlreadyRegistered', {}, 'credential');
        row = inserted;
      });
      await notify(user.email, 'added', body.name, caller);
      return toPasskey(row!);
    },

    async rename(signedIn, body) {
      if (!(await passkeyRepository.rename(db, signedIn.userId, body.id, body.name))) throw identityError('passkeyNotFound', {}, 'id');
    },

    async remove(signedIn, body, caller) {
      const user = await loadUser(deps, signedIn.userId);
      const target = (await passkeyRepository.listOf(db, user.id)).find((row) => row.id === body.id);
      if (!target) throw identityError('passkeyNotFound', {}, 'id');
      await verifyAllFactors(deps, user, 'passkey', body, caller.ip);
      await commitChange({ db, funding }, user, securityOperations.removePasskey, 'change', caller, async (trx) => {
        if (!(await passkeyRepository.remove(trx, user.id, body.id))) throw identityError('passkeyNotFound', {}, 'id');
      });
      await notify(user.email, 'removed', target.name, caller);
    },

    async assertionOptions(signedIn, purpose) {
      return assertionOptions(deps, await loadUser(deps, signedIn.userId), `verify:${purpose}`);
    },
  };
}
