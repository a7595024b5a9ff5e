import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../audit';
import { operatorIdentityOf } from '../operators';

/** Who acts in the back office and from where, as the audit log records it. */
export interface OperatorActor {
  actor: AuditActor & { kind: 'operator' };
  ip: string;
  userAgent: string;
}

/** The signed-in operator of a request behind `requireOperator`. */
export function operatorActorOf(request: FastifyRequest): OperatorActor {
  const { operatorId, name, ip, userAgent } = operatorIdentityOf(request);
  return { actor: { kind: 'operator', id: operatorId, name }, ip, userAgent };
}
