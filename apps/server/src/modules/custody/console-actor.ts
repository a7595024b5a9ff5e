import type { AuditEntry } from '../audit';

/** Who changes the console's settings, for the audit log: the member's customer account, where from. */
export interface ConsoleActor {
  orgId: string;
  userId: string;
  ip: string;
  userAgent: string;
}

/** The audit fields of a console change: the customer as actor, the request's address and agent. */
export function consoleAuditFields(actor: ConsoleActor): Pick<AuditEntry, 'actor' | 'ip' | 'userAgent'> {
  return { actor: { kind: 'customer', id: actor.userId }, ip: actor.ip, userAgent: actor.userAgent };
}
