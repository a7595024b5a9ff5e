import type { AuditApi } from '../audit';
import type { ConsoleCaller } from './console-guard';
import { asPlatform } from './tenant-transaction';

/**
 * Records a console action in the audit log inside the console transaction `trx` (stepping out
 * of the console role for audit's table): the member's customer account is the actor.
 */
export function recordConsoleAction(
  audit: Pick<AuditApi, 'record'>,
  trx: Parameters<AuditApi['record']>[0],
  caller: Pick<ConsoleCaller, 'userId' | 'ip'>,
  entry: { action: string; subject: { kind: string; id: string }; before?: unknown; after?: unknown },
): Promise<unknown> {
  return asPlatform(trx, () => audit.record(trx, { actor: { kind: 'customer', id: caller.userId }, ip: caller.ip, ...entry }));
}
