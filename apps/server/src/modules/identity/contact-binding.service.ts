import {
  checkEmail,
  checkPhone,
  findCountry,
  normaliseEmail,
  securityOperations,
  type SecurityVerification,
  type UserCodeBody,
} from '@coffer/contract';
import {
  emailTarget,
  loadUser,
  newAddressScope,
  phoneTarget,
  requireCodeFormat,
  sendCode,
  verifyAllFactors,
  type Caller,
  type IdentityDeps,
} from './identity-core';
import { accountRuleError, identityError } from './identity.errors';
import { commitChange, type FundingFacts, type SignedIn } from './security-change';
import { setEmail, setPhone, type UserRepository } from './user.repository';

function validNewPhone(countryCode: string | undefined, phone: string | undefined) {
  const country = countryCode ? findCountry(countryCode) : undefined;
  if (!country) throw identityError('countryNotFound', {}, 'countryCode');
  const digits = (phone ?? '').replace(/[\s-]/g, '');
  const problem = checkPhone(digits, country.code);
  if (problem) throw accountRuleError(problem, 'phone');
  return { country, phone: digits, address: `+${country.dialCode}${digits}` };
}

function validNewEmail(email: string | undefined) {
  const normalised = normaliseEmail(email ?? '');
  const problem = checkEmail(normalised);
  if (problem) throw accountRuleError(problem, 'email');
  return normalised;
}

async function assertEmailFree(users: UserRepository, email: string, userId: string): Promise<void> {
  const owner = await users.findByEmail(email);
  if (owner && owner.id !== userId) throw identityError('emailAlreadyRegistered', {}, 'email');
}

async function assertPhoneFree(users: UserRepository, dialCode: string, phone: string, userId: string): Promise<void> {
  const owner = await users.findByPhone(dialCode, phone);
  if (owner && owner.id !== userId) throw identityError('phoneAlreadyRegistered', {}, 'phone');
}

/** A signed-in user's codes, and binding an e-mail address or a phone (or changing the phone). */
export interface ContactBindingService {
  /** Codes for a signed-in user: to a bound address, or to the new one being bound. */
  sendUserCode(signedIn: SignedIn, body: UserCodeBody, caller: Caller): Promise<{ resendAfterSeconds: number }>;
  bindEmail(signedIn: SignedIn, body: SecurityVerification & { email: string; newEmailCode: string }, caller: Caller): Promise<void>;
  bindPhone(
    signedIn: SignedIn,
    body: SecurityVerification & { countryCode: string; phone: string; newSmsCode: string },
    caller: Caller,
    purpose: 'bindPhone' | 'changePhone',
  ): Promise<void>;
}

export function createContactBindingService(deps: IdentityDeps, funding: FundingFacts): ContactBindingService {
  const changeDeps = { db: deps.db, funding };

  return {
    async sendUserCode(signedIn, body, caller) {
      const user = await loadUser(deps, signedIn.userId);
      const isNewAddress =
        (body.purpose === 'bindEmail' && body.channel === 'email') ||
        ((body.purpose === 'bindPhone' || body.purpose === 'changePhone') && body.channel === 'sms');
      if (isNewAddress && body.channel === 'email') {
        const email = validNewEmail(body.email);
        await assertEmailFree(deps.users, email, user.id);
        return sendCode(deps, newAddressScope(body.purpose), { channel: 'email', address: email, userId: user.id }, caller);
      }
      if (isNewAddress && body.channel === 'sms' && body.phone) {
        const next = validNewPhone(body.countryCode, body.phone);
        await assertPhoneFree(deps.users, next.country.dialCode, next.phone, user.id);
        return sendCode(deps, newAddressScope(body.purpose), { channel: 'sms', address: next.address, userId: user.id }, caller);
      }
      const target = body.channel === 'email' ? emailTarget(user) : phoneTarget(user);
      if (!target) throw identityError('invalidParameter', {}, 'channel');
      return sendCode(deps, body.purpose, target, caller);
    },

    async bindEmail(signedIn, body, caller) {
      const user = await loadUser(deps, signedIn.userId);
      if (user.email) throw identityError('invalidParameter', {}, 'email');
      const email = validNewEmail(body.email);
      await assertEmailFree(deps.users, email, user.id);
      const newCode = requireCodeFormat(body.newEmailCode, 'newEmailCode');
      const newAddress = { channel: 'email' as const, address: email, userId: user.id };
      await verifyAllFactors(deps, user, 'bindEmail', body, caller.ip, [
        () => deps.codes.check(newAddressScope('bindEmail'), newAddress, newCode, 'newEmailCode', caller.ip),
      ]);
      await commitChange(changeDeps, user, securityOperations.bindEmail, 'firstSetUp', caller, async (trx) => {
        await setEmail(trx, user.id, email);
      });
    },

    async bindPhone(signedIn, body, caller, purpose) {
      const user = await loadUser(deps, signedIn.userId);
      if (purpose === 'bindPhone' && user.phone) throw identityError('invalidParameter', {}, 'phone');
      if (purpose === 'changePhone' && !user.phone) throw identityError('invalidParameter', {}, 'phone');
      const next = validNewPhone(body.countryCode, body.phone);
      await assertPhoneFree(deps.users, next.country.dialCode, next.phone, user.id);
      const newCode = requireCodeFormat(body.newSmsCode, 'newSmsCode');
      const newAddress = { channel: 'sms' as const, address: next.address, userId: user.id };
      await verifyAllFactors(deps, user, purpose, body, caller.ip, [
        () => deps.codes.check(newAddressScope(purpose), newAddress, newCode, 'newSmsCode', caller.ip),
      ]);
      const operation = purpose === 'bindPhone' ? securityOperations.bindPhone : securityOperations.changePhone;
      await commitChange(changeDeps, user, operation, purpose === 'bindPhone' ? 'firstSetUp' : 'change', caller, async (trx) => {
        await setPhone(trx, user.id, { phone: next.phone, dialCode: next.country.dialCode, country: next.country.code });
      });
    },
  };
}
