import type { OperatorListItem } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { operatorRepository } from './operator.repository';

/**
 * The operators list: every operator with its state. An operator is `pending` until its
 * activation link is used (the row is disabled until then), `disabled` when switched off after.
 */
export async function listOperators(db: Db): Promise<OperatorListItem[]> {
  const rows = await operatorRepository.list(db);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: row.display_name,
    role: row.role,
    state: row.status === 'active' ? 'active' : row.activated_at === null ? 'pending' : 'disabled',
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  }));
}
