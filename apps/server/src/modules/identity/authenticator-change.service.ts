import { securityOperations, type SecurityVerification } from '@coffer/contract';
import QRCode from 'qrcode';
import { decryptSecret, encryptSecret, macOf, randomToken } from '../../platform/security/crypto';
import { findOpenChange, insertChangeTicket, setPendingSecret, spendChange } from './authenticator-change.repository';
import {
  checkNewTotp,
  loadUser,
  requireCodeFormat,
  verifyAllFactors,
  verifyTogether,
  type Caller,
  type IdentityDeps,
} from './identity-core';
import { identityError } from './identity.errors';
import { commitChange, type FundingFacts, type SignedIn } from './security-change';
import { createTotpSecret, totpUri } from './totp';
import { setAuthenticator, type UserRow } from './user.repository';

const ticketMinutes = 10;

/**
 * Changing the authenticator in three steps (spec §7; the web's change screen and the native
 * apps use them, v2/googleAuth-change stays for callers of the one step): change-ga-check
 * verifies every bound factor and answers a change ticket; ga-generate gives the ticket a new
 * secret, kept encrypted on the server; ga-check proves the new authenticator with one of its
 * codes and commits the change. The ticket is single-use and expires in 10 minutes; every code
 * checked counts against the attempt limits.
 */
export interface AuthenticatorChangeService {
  checkChange(signedIn: SignedIn, body: SecurityVerification, caller: Caller): Promise<{ changeTicket: string; expiresInSeconds: number }>;
  generate(signedIn: SignedIn, changeTicket: string): Promise<{ secret: string; otpauthUrl: string; qrCodeSvg: string }>;
  confirm(signedIn: SignedIn, body: { changeTicket: string; newGaCode: string }, caller: Caller): Promise<void>;
}

export function createAuthenticatorChangeService(deps: IdentityDeps, funding: FundingFacts): AuthenticatorChangeService {
  const { db } = deps;
  const ticketHash = (ticket: string) => macOf(deps.key, 'authenticator-change', ticket);

  async function boundUser(signedIn: SignedIn): Promise<UserRow> {
    const user = await loadUser(deps, signedIn.userId);
    if (!user.totp_secret_encrypted) throw identityError('authenticatorNotBound');
    return user;
  }

  async function openChange(user: UserRow, ticket: string) {
    const change = await findOpenChange(db, user.id, ticketHash(ticket));
    if (!change) throw identityError('authenticatorChangeTicketInvalid', {}, 'changeTicket');
    return change;
  }

  return {
    async checkChange(signedIn, body, caller) {
      const user = await boundUser(signedIn);
      await verifyAllFactors(deps, user, 'changeAuthenticator', body, caller.ip);
      const changeTicket = randomToken();
      await insertChangeTicket(db, user.id, ticketHash(changeTicket), ticketMinutes);
      return { changeTicket, expiresInSeconds: ticketMinutes * 60 };
    },

    async generate(signedIn, changeTicket) {
      const user = await boundUser(signedIn);
      const change = await openChange(user, changeTicket);
      const secret = createTotpSecret();
      const otpauthUrl = totpUri(secret, user.email ?? `+${user.phone_dial_code ?? ''}${user.phone ?? ''}`);
      const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      if (!(await setPendingSecret(db, change.id, encryptSecret(deps.key, secret)))) {
        throw identityError('authenticatorChangeTicketInvalid', {}, 'changeTicket');
      }
      return { secret, otpauthUrl, qrCodeSvg };
    },

    async confirm(signedIn, body, caller) {
      const user = await boundUser(signedIn);
      const change = await openChange(user, body.changeTicket);
      const sealed = change.secret_encrypted;
      if (!sealed) throw identityError('authenticatorNotGenerated', {}, 'changeTicket');
      const code = requireCodeFormat(body.newGaCode, 'newGaCode');
      let step = 0;
      await verifyTogether(deps, [
        async () => {
          const proof = await checkNewTotp(deps, user, decryptSecret(deps.key, sealed), code, 'newGaCode', caller.ip);
          step = proof.step;
          return proof;
        },
      ]);
      await commitChange({ db, funding }, user, securityOperations.changeAuthenticator, 'change', caller, async (trx) => {
        // Of racing confirmations with one ticket, one spends it; the others change nothing.
        if (!(await spendChange(trx, change.id, sealed))) throw identityError('authenticatorChangeTicketInvalid', {}, 'changeTicket');
        await setAuthenticator(trx, user.id, sealed, step);
      });
    },
  };
}
