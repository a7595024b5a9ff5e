import { createHash } from 'node:crypto';
import { displayFeatures, type DisplayFeature, type DisplayName, type UserPreferences } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { identityError } from './identity.errors';
import { findPreferences, updatePreferences, type PreferenceRow } from './preferences.repository';
import type { SignedIn } from './security-change';

/**
 * Preferences (spec §7 set-preferences) and the gray release of the display (gray/displayName).
 * The language is the language of the customer's e-mails and SMS (`sendCode`); the valuation
 * currency is set-fiat's setting. The notice choices cover the optional notices only: codes and
 * security notices are always sent.
 */
export interface PreferencesService {
  preferences(signedIn: SignedIn): Promise<UserPreferences>;
  setPreferences(signedIn: SignedIn, changes: Partial<UserPreferences>): Promise<UserPreferences>;
  /** Which optional menu entries this caller sees; `userId` null: no session, only entries released to everyone. */
  displayName(userId: string | null): DisplayName;
}

function toPreferences(row: PreferenceRow): UserPreferences {
  return {
    language: row.language,
    fiat: row.fiat,
    notifyLogin: row.notify_login,
    notifyWithdrawal: row.notify_withdrawal,
    notifyDeposit: row.notify_deposit,
    notifyMarketing: row.notify_marketing,
  };
}

/** A customer's stable place (0-99) in the rollout of one entry. */
function bucketOf(userId: string, feature: DisplayFeature): number {
  return createHash('sha256').update(`gray:${feature}:${userId}`).digest().readUInt32BE(0) % 100;
}

export function createPreferencesService(db: Db, grayRelease: Partial<Record<DisplayFeature, number>>): PreferencesService {
  return {
    async preferences(signedIn) {
      const row = await findPreferences(db, signedIn.userId);
      if (!row) throw identityError('userNotFound');
      return toPreferences(row);
    },

    async setPreferences(signedIn, changes) {
      const row = await updatePreferences(db, signedIn.userId, {
        ...(changes.language !== undefined ? { language: changes.language } : {}),
        ...(changes.fiat !== undefined ? { fiat: changes.fiat } : {}),
        ...(changes.notifyLogin !== undefined ? { notify_login: changes.notifyLogin } : {}),
        ...(changes.notifyWithdrawal !== undefined ? { notify_withdrawal: changes.notifyWithdrawal } : {}),
        ...(changes.notifyDeposit !== undefined ? { notify_deposit: changes.notifyDeposit } : {}),
        ...(changes.notifyMarketing !== undefined ? { notify_marketing: changes.notifyMarketing } : {}),
      });
      if (!row) throw identityError('userNotFound');
      return toPreferences(row);
    },

    displayName(userId) {
      const isShown = (feature: DisplayFeature) => {
        const share = grayRelease[feature] ?? 100;
        if (share >= 100) return true;
        return userId !== null && bucketOf(userId, feature) < share;
      };
      return { shown: displayFeatures.filter(isShown), hidden: displayFeatures.filter((feature) => !isShown(feature)) };
    },
  };
}
