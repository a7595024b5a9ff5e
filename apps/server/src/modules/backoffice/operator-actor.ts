import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../audit';
import { operatorOf } from '../operators';

/** Who acts in the back office and from where, as the audit log records it. */
export interface OperatorActor {
  actor: AuditActor & { kind: 'operator' };
  ip: string;
  userAgent: string;
}

/** The signed-in operator of a request behind `requireOperator`. */
export function operatorActorOf(request: FastifyRequest): OperatorActor {
  const operator = operatorOf(request);
  return {
    actor: { kind: 'operator', id: operator.operatorId, name: operator.name ?? operator.email },
    ip: request.ip,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
  };
}
