import { securityOperations, type SecurityVerification } from '@coffer/contract';
import QRCode from 'qrcode';
import { encryptSecret, macOf } from '../../platform/security/crypto';
import { checkNewTotp, loadUser, requireCodeFormat, verifyAllFactors, type Caller, type IdentityDeps } from './identity-core';
import { identityError } from './identity.errors';
import { commitChange, type FundingFacts, type SignedIn } from './security-change';
import { findPendingSecret, insertPendingSecret, pendingSecretPurpose, spendPendingSecret } from './security.repository';
import { totpUri, createTotpSecret } from './totp';
import { setAuthenticator } from './user.repository';

/** Binding an authenticator (or changing it): a secret the server offered, proved by its first code. */
export interface AuthenticatorBindingService {
  /** A new 32-character secret with its QR code; binding proves the user scanned it. */
  generateAuthenticator(signedIn: SignedIn): Promise<{ secret: string; otpauthUrl: string; qrCodeSvg: string }>;
  bindAuthenticator(
    signedIn: SignedIn,
    body: SecurityVerification & { secret: string; newGaCode: string },
    caller: Caller,
    purpose: 'bindAuthenticator' | 'changeAuthenticator',
  ): Promise<void>;
}

export function createAuthenticatorBindingService(deps: IdentityDeps, funding: FundingFacts): AuthenticatorBindingService {
  const { db } = deps;

  function pendingSecretMac(userId: string, secret: string): string {
    return macOf(deps.key, pendingSecretPurpose, `${userId}:${secret}`);
  }

  return {
    async generateAuthenticator(signedIn) {
      const user = await loadUser(deps, signedIn.userId);
      const secret = createTotpSecret();
      const otpauthUrl = totpUri(secret, user.email ?? `+${user.phone_dial_code ?? ''}${user.phone ?? ''}`);
      const qrCodeSvg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      // Remember which secret was offered, so a bind can only use one the server made.
      await insertPendingSecret(db, user.id, pendingSecretMac(user.id, secret), new Date(Date.now() + 30 * 60_000));
      return { secret, otpauthUrl, qrCodeSvg };
    },

    async bindAuthenticator(signedIn, body, caller, purpose) {
      const user = await loadUser(deps, signedIn.userId);
      if (purpose === 'bindAuthenticator' && user.totp_secret_encrypted) throw identityError('invalidParameter', {}, 'secret');
      if (purpose === 'changeAuthenticator' && !user.totp_secret_encrypted) throw identityError('invalidParameter', {}, 'secret');
      const offered = await findPendingSecret(db, user.id, pendingSecretMac(user.id, body.secret));
      if (!offered) throw identityError('invalidParameter', {}, 'secret');
      const newCode = requireCodeFormat(body.newGaCode, 'newGaCode');
      // The new authenticator's code proves the secret was scanned; its step becomes the last
      // used, so that code cannot log in afterwards. A mistyped one spends none of the others.
      let step = 0;
      await verifyAllFactors(deps, user, purpose, body, caller.ip, [
        async () => {
          const proof = await checkNewTotp(deps, user, body.secret, newCode, 'newGaCode', caller.ip);
          step = proof.step;
          return proof;
        },
      ]);
      const operation = purpose === 'bindAuthenticator' ? securityOperations.bindAuthenticator : securityOperations.changeAuthenticator;
      await commitChange(
        { db, funding },
        user,
        operation,
        purpose === 'bindAuthenticator' ? 'firstSetUp' : 'change',
        caller,
        async (trx) => {
          await setAuthenticator(trx, user.id, encryptSecret(deps.key, body.secret), step);
          await spendPendingSecret(trx, offered.id);
        },
      );
    },
  };
}
