import type { KycLevel } from '@coffer/contract/rules';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import { operatorAuditFields, type OperatorIdentity } from '../operators';
import {
  applicationsOf,
  latestApplications,
  levelLimits,
  setLevelLimit,
  type KycApplicationRow,
  type KycLevelLimitRow,
} from './kyc.repository';
import type { KycApplicationState } from './kyc.schema';
import { kycError } from './kyc.errors';

/** What a level allows (spec §6), as decimal strings of USD. */
export interface LevelLimits {
  level: KycLevel;
  /** 24-hour withdrawal limit; '0.00' = may not withdraw. */
  withdrawalDailyUsd: string;
  /** Largest single spot trade. */
  tradeMaxUsd: string;
}

export type LevelState = 'notStarted' | KycApplicationState;

export interface LevelSummary {
  level: number;
  /** Given name and surname of the verified basic level. */
  fullName: string | null;
  levels: Array<{
    level: 1 | 2 | 3;
    state: LevelState;
    rejectReasonKey: string | null;
    rejectReason: string | null;
    updatedAt: string | null;
  }>;
  limits: LevelLimits[];
}

export interface KycLevelsService {
  summary(userId: string): Promise<LevelSummary>;
  applications(userId: string): Promise<KycApplicationRow[]>;
  limits(): Promise<LevelLimits[]>;
  limitsFor(level: number): Promise<LevelLimits>;
  /** An operator's change of a level's limits, its row locked, with its audit record in the same transaction. */
  setLimits(level: number, values: { withdrawalDailyUsd: string; tradeMaxUsd: string }, operator: OperatorIdentity): Promise<LevelLimits>;
  /** Throws unless the level below `level` is verified (spec §4: levels in order). */
  assertLevelOrder(userId: string, level: 1 | 2 | 3): Promise<void>;
}

const limitsOf = (row: KycLevelLimitRow): LevelLimits => ({
  // The table holds one row per level, 0 … 3 (seeded by the migration).
  level: row.level as KycLevel,
  withdrawalDailyUsd: row.withdrawal_daily_usd,
  tradeMaxUsd: row.trade_max_usd,
});

/** Levels and their states (spec §4), and what each level allows (spec §6). */
export function createKycLevelsService(deps: {
  db: Db;
  identity: Pick<IdentityApi, 'kycLevel'>;
  audit: Pick<AuditApi, 'record'>;
  /** Told after a change of limits commits (this process's caches of them). */
  limitsChanged?: () => void;
}): KycLevelsService {
  const { db, identity, audit } = deps;

  async function limits(): Promise<LevelLimits[]> {
    return (await levelLimits(db)).map(limitsOf);
  }

  return {
    async summary(userId) {
      const [level, latest, all] = await Promise.all([identity.kycLevel(userId), latestApplications(db, userId), limits()]);
      const byLevel = new Map(latest.map((row) => [row.level, row]));
      // Once verified, the basic level takes no newer application: its newest is the verified one.
      const basic = byLevel.get(1);
      const names = basic?.state === 'verified' ? (basic.data as { givenName?: unknown; surname?: unknown }) : undefined;
      return {
        level,
        fullName: typeof names?.givenName === 'string' && typeof names.surname === 'string' ? `${names.givenName} ${names.surname}` : null,
        levels: ([1, 2, 3] as const).map((each) => {
          const row = byLevel.get(each);
          // A verified level stays verified even when a later resubmission is open.
          const state: LevelState = level >= each ? 'verified' : (row?.state ?? 'notStarted');
          return {
            level: each,
            state,
            rejectReasonKey: state === 'failed' ? (row?.reject_reason_key ?? null) : null,
            rejectReason: state === 'failed' ? (row?.reject_reason ?? null) : null,
            updatedAt: row ? row.updated_at.toISOString() : null,
          };
        }),
        limits: all,
      };
    },

    applications: (userId) => applicationsOf(db, userId),
    limits,

    async limitsFor(level) {
      const all = await limits();
      return all.find((each) => each.level === level) ?? all[0]!;
    },

    async setLimits(level, values, operator) {
      const after = await db.transaction().execute(async (trx) => {
        const changed = await setLevelLimit(trx, level, values, `operator:${operator.operatorId}`);
        if (!changed) throw kycError('noMatchingData');
        const limits = limitsOf(changed.after);
        await audit.record(trx, {
          ...operatorAuditFields(operator),
          action: 'kyc.limits.set',
          subject: { kind: 'kycLevel', id: String(level) },
          before: limitsOf(changed.before),
          after: limits,
        });
        return limits;
      });
      deps.limitsChanged?.();
      return after;
    },

    async assertLevelOrder(userId, level) {
      const current = await identity.kycLevel(userId);
      if (current >= level) throw kycError('kycAlreadyVerified');
      if (current < level - 1) throw kycError('kycLevelOrder');
    },
  };
}
