import type { ActiveSession, HistoryRecord, SecondFactor, SessionUser } from '@coffer/contract';
import { boundFactors, loadUser, toSessionUser, type Caller, type IdentityDeps } from './identity-core';
import { identityError } from './identity.errors';
import { maskEmail, maskPhone, storedLocation } from './request-facts';
import type { SignedIn } from './security-change';
import { countHistory, historyRows, type HistoryTable } from './security.repository';
import { passkeyRepository } from './passkey.repository';
import { setFiat } from './user.repository';

export interface PageRequest {
  pageNo: number;
  pageSize: number;
}

export interface HistoryPage {
  pageNo: number;
  pageSize: number;
  total: number;
  records: HistoryRecord[];
}

/** Account info, preferences, histories and sessions (spec §1, §2, §3). */
export interface AccountService {
  userInfo(signedIn: SignedIn, caller: Caller): Promise<SessionUser>;
  twofaStatus(
    signedIn: SignedIn,
  ): Promise<{ twofaList: SecondFactor[]; hasPasskey: boolean; maskedEmail: string | null; maskedPhone: string | null }>;
  accountInfo(signedIn: SignedIn): Promise<{ userNo: string; lastLoginAt: string | null; kycLevel: number; fiat: 'USD' | 'CNY' }>;
  setFiat(signedIn: SignedIn, fiat: 'USD' | 'CNY'): Promise<void>;
  securityHistory(signedIn: SignedIn, page: PageRequest): Promise<HistoryPage>;
  loginHistory(signedIn: SignedIn, page: PageRequest): Promise<HistoryPage>;
  activeSessions(signedIn: SignedIn): Promise<ActiveSession[]>;
  /** Ends one of the user's own sessions; another user's id finds nothing. */
  endSession(signedIn: SignedIn, sessionId: string): Promise<void>;
}

export function createAccountService(deps: IdentityDeps): AccountService {
  const { db } = deps;

  async function historyPage(table: HistoryTable, userId: string, page: PageRequest): Promise<HistoryPage> {
    const total = await countHistory(db, table, userId);
    const rows = await historyRows(db, table, userId, page);
    return {
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      total,
      records: rows.map((row) => ({
        id: row.id,
        time: row.created_at.toISOString(),
        device: row.device,
        status: row.status,
        ip: row.ip,
        location: storedLocation(row.location),
        operationType: 'operation' in row ? Number(row.operation) : null,
      })),
    };
  }

  return {
    async userInfo(signedIn: SignedIn, caller: Caller) {
      return toSessionUser(await loadUser(deps, signedIn.userId), signedIn, caller);
    },

    async twofaStatus(signedIn: SignedIn) {
      const user = await loadUser(deps, signedIn.userId);
      return {
        twofaList: boundFactors(user),
        hasPasskey: await passkeyRepository.hasAny(deps.db, user.id),
        maskedEmail: maskEmail(user.email),
        maskedPhone: maskPhone(user.phone),
      };
    },

    async accountInfo(signedIn: SignedIn) {
      const user = await loadUser(deps, signedIn.userId);
      return {
        userNo: user.user_no,
        lastLoginAt: user.last_login_at?.toISOString() ?? null,
        kycLevel: user.kyc_level,
        fiat: user.fiat,
      };
    },

    async setFiat(signedIn: SignedIn, fiat: 'USD' | 'CNY') {
      await setFiat(db, signedIn.userId, fiat);
    },

    securityHistory: (signedIn: SignedIn, page: PageRequest) => historyPage('security_history', signedIn.userId, page),
    loginHistory: (signedIn: SignedIn, page: PageRequest) => historyPage('login_history', signedIn.userId, page),

    async activeSessions(signedIn: SignedIn): Promise<ActiveSession[]> {
      const sessions = await deps.sessions.listActive(signedIn.userId);
      return sessions.map((session) => ({
        id: session.id,
        device: session.device,
        clientKind: session.client_kind,
        ip: session.ip,
        createdAt: session.created_at.toISOString(),
        lastSeenAt: session.last_seen_at.toISOString(),
        isCurrent: session.id === signedIn.sessionId,
      }));
    },

    /** Ends one of the user's own sessions; another user's id finds nothing. */
    async endSession(signedIn: SignedIn, sessionId: string) {
      if (!(await deps.sessions.end(sessionId, signedIn.userId))) throw identityError('noMatchingData', {}, 'id');
    },
  };
}
