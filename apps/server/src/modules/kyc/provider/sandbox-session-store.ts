import type { ProviderDocumentType, ProviderLocale, ProviderOutcome } from './identity-provider';

/** One verification session of the sandbox provider. The images are never kept. */
export interface SandboxSession {
  id: string;
  reference: string;
  customerRef: string;
  country: string;
  documentType: ProviderDocumentType;
  locale: ProviderLocale;
  successUrl: string;
  errorUrl: string;
  callbackUrl: string;
  createdAt: Date;
  expiresAt: Date;
  /** Set once, with `completedAt` and the delivery, when a tester submits. */
  outcome: ProviderOutcome | null;
  completedAt: Date | null;
  /** The webhook as first sent: re-deliveries send the same id and body. */
  delivery: { id: string; body: string } | null;
}

export type NewSandboxSession = Omit<SandboxSession, 'createdAt' | 'outcome' | 'completedAt' | 'delivery'>;

export interface SandboxCompletion {
  outcome: ProviderOutcome;
  completedAt: Date;
  deliveryId: string;
  deliveryBody: string;
}

/**
 * Where the sandbox keeps its sessions: in memory for unit tests, in PostgreSQL
 * (`kyc_sandbox_session`, `createPgSandboxSessionStore`) wherever several processes serve it.
 */
export interface SandboxSessionStore {
  create(session: NewSandboxSession): Promise<SandboxSession>;
  get(id: string): Promise<SandboxSession | null>;
  /**
   * Records the outcome if the session is still open (not completed, not expired at
   * `completedAt`); answers the completed session, or null when another submit won or it is
   * closed. Atomic: of two concurrent completes exactly one wins.
   */
  complete(id: string, completion: SandboxCompletion): Promise<SandboxSession | null>;
}

export function createMemorySandboxSessionStore(clock: () => Date = () => new Date()): SandboxSessionStore {
  const sessions = new Map<string, SandboxSession>();
  return {
    async create(session) {
      const created: SandboxSession = { ...session, createdAt: clock(), outcome: null, completedAt: null, delivery: null };
      sessions.set(session.id, created);
      return { ...created };
    },
    async get(id) {
      const session = sessions.get(id);
      return session ? { ...session } : null;
    },
    async complete(id, completion) {
      const session = sessions.get(id);
      if (!session || session.completedAt !== null || session.expiresAt.getTime() <= completion.completedAt.getTime()) return null;
      const completed: SandboxSession = {
        ...session,
        outcome: completion.outcome,
        completedAt: completion.completedAt,
        delivery: { id: completion.deliveryId, body: completion.deliveryBody },
      };
      sessions.set(id, completed);
      return { ...completed };
    },
  };
}
