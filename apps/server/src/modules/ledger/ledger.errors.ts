import { databaseErrorOf } from '../../platform/db/database-errors';
import { domainErrors } from '../../platform/errors/domain-error';

/** The catalogue keys the ledger answers: an unknown coin, and what its SQL refused. */
export const ledgerError = domainErrors(['coinNotSupported', 'insufficientBalance', 'idempotencyConflict', 'holdAlreadyResolved'] as const);

/** A broken ledger invariant: a programming error, never a customer's. */
export class LedgerInvariantError extends Error {
  override readonly name = 'LedgerInvariantError';
}

/**
 * What the ledger's SQL refused, from the error `ledger_post` raised (through the driver, a
 * batch row or a caller's own function): a short balance (a CHECK of `ledger_account_*`), a
 * replayed key with another request, a hold already resolved, or a broken rule (any other
 * `LEDGER_*` exception). Undefined when the ledger did not refuse it (a lost connection, a
 * deadlock).
 */
export type LedgerRefusal = 'insufficientBalance' | 'idempotencyConflict' | 'holdAlreadyResolved' | 'invariant';

export function ledgerRefusalOf(error: unknown): LedgerRefusal | undefined {
  const { code, constraint, message = '' } = databaseErrorOf(error);
  if (code === '23514' && constraint?.startsWith('ledger_account_')) return 'insufficientBalance';
  if (message.startsWith('LEDGER_IDEMPOTENCY_CONFLICT')) return 'idempotencyConflict';
  if (message.startsWith('LEDGER_HOLD_NOT_PENDING')) return 'holdAlreadyResolved';
  if (message.startsWith('LEDGER_')) return 'invariant';
  return undefined;
}

/** The error a caller of the ledger sees for a database error: a catalogue error, an invariant failure, or the error itself. */
export function ledgerErrorOf(error: unknown): unknown {
  const refusal = ledgerRefusalOf(error);
  if (refusal === undefined) return error;
  if (refusal === 'invariant') return new LedgerInvariantError(databaseErrorOf(error).message);
  return ledgerError(refusal);
}
