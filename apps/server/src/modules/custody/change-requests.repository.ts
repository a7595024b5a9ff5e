import type { CustodyChangeKind, CustodyChangeState } from '@coffer/contract';
import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyChangeApprovalTable, CustodyChangeRequestTable } from './custody.schema';

/** The SQL of change requests and their decisions (issue 18 item 6); every statement runs fenced to one organisation. */

export type ChangeRequestRow = Selectable<CustodyChangeRequestTable>;
export type ChangeRequestListed = ChangeRequestRow & { line_name: string | null; proposer_name: string };
export type ChangeDecisionRow = Selectable<CustodyChangeApprovalTable> & { member_name: string };

export async function insertChangeRequest(
  trx: Db,
  request: { orgId: string; kind: CustodyChangeKind; lineId: string | null; proposerMemberId: string; before: unknown; after: unknown },
): Promise<string> {
  const row = await trx
    .insertInto('custody_change_request')
    .values({
      org_id: request.orgId,
      kind: request.kind,
      line_id: request.lineId,
      proposer_member_id: request.proposerMemberId,
      before: JSON.stringify(request.before),
      after: JSON.stringify(request.after),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks a request for a decision on it; undefined when the organisation has none of that id. */
export function lockChangeRequest(trx: Db, id: string): Promise<ChangeRequestRow | undefined> {
  return trx.selectFrom('custody_change_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

function listed(trx: Db) {
  return trx
    .selectFrom('custody_change_request as c')
    .leftJoin('custody_line as l', 'l.id', 'c.line_id')
    .innerJoin('custody_member as m', 'm.id', 'c.proposer_member_id')
    .selectAll('c')
    .select(['l.name as line_name', 'm.name as proposer_name']);
}

export function findChangeRequest(trx: Db, id: string): Promise<ChangeRequestListed | undefined> {
  return listed(trx).where('c.id', '=', id).executeTakeFirst();
}

/** The newest 200 requests, optionally of one state or line. */
export function listChangeRequests(
  trx: Db,
  filters: { state?: CustodyChangeState | undefined; lineId?: string | undefined },
): Promise<ChangeRequestListed[]> {
  let query = listed(trx);
  if (filters.state) query = query.where('c.state', '=', filters.state);
  if (filters.lineId) query = query.where('c.line_id', '=', filters.lineId);
  return query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(200).execute();
}

export function changeDecisionsOf(trx: Db, requestIds: readonly string[]): Promise<ChangeDecisionRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('custody_change_approval as d')
    .innerJoin('custody_member as m', 'm.id', 'd.member_id')
    .selectAll('d')
    .select('m.name as member_name')
    .where('d.request_id', 'in', requestIds)
    .orderBy('d.created_at')
    .execute();
}

/** A member's decision; the primary key refuses a second one (23505), the CHECK the proposer's own (23514). */
export async function insertChangeDecision(trx: Db, decision: Insertable<CustodyChangeApprovalTable>): Promise<void> {
  await trx.insertInto('custody_change_approval').values(decision).execute();
}

/** Closes a pending request (the trigger refuses to close one twice). */
export async function closeChangeRequest(trx: Db, id: string, to: Exclude<CustodyChangeState, 'pending'>): Promise<void> {
  await trx
    .updateTable('custody_change_request')
    .set({ state: to, decided_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** The organisation's lines with their minimum reviewers, for the organisation-wide quorum. */
export function linesForQuorum(trx: Db): Promise<Array<{ id: string; min_reviewers: number }>> {
  return trx.selectFrom('custody_line').select(['id', 'min_reviewers']).orderBy('id').execute();
}

/** Freezes a line now; undefined when it is already frozen or not the organisation's. */
export function freezeLineRow(trx: Db, lineId: string): Promise<{ frozen_at: Date | null } | undefined> {
  return trx
    .updateTable('custody_line')
    .set({ frozen_at: sql<Date>`now()` })
    .where('id', '=', lineId)
    .where('frozen_at', 'is', null)
    .returning('frozen_at')
    .executeTakeFirst();
}

export function freezeOrganisationRow(trx: Db): Promise<{ frozen_at: Date | null } | undefined> {
  return trx
    .updateTable('custody_org')
    .set({ frozen_at: sql<Date>`now()` })
    .where('frozen_at', 'is', null)
    .returning('frozen_at')
    .executeTakeFirst();
}

/** The line's or organisation's frozen time, its row locked; undefined when the line is not the organisation's. */
export async function lockFrozenAt(trx: Db, lineId: string | null): Promise<{ frozenAt: Date | null } | undefined> {
  const row =
    lineId === null
      ? await trx.selectFrom('custody_org').select('frozen_at').forUpdate().executeTakeFirst()
      : await trx.selectFrom('custody_line').select('frozen_at').where('id', '=', lineId).forUpdate().executeTakeFirst();
  return row && { frozenAt: row.frozen_at };
}

export async function unfreezeRow(trx: Db, lineId: string | null): Promise<void> {
  if (lineId === null) await trx.updateTable('custody_org').set({ frozen_at: null }).execute();
  else await trx.updateTable('custody_line').set({ frozen_at: null }).where('id', '=', lineId).execute();
}

/** Whether any line of the organisation has a reviewer who ever activated a membership. */
export async function anyLineHasActivatedReviewer(trx: Db): Promise<boolean> {
  const row = await trx
    .selectFrom('custody_line_reviewer as lr')
    .innerJoin('custody_member as m', 'm.id', 'lr.member_id')
    .select('m.id')
    .where('m.activated_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The e-mail addresses of the organisation's active enterprise admins. */
export async function adminEmails(trx: Db): Promise<string[]> {
  const rows = await trx
    .selectFrom('custody_member as m')
    .innerJoin('custody_role as r', 'r.id', 'm.role_id')
    .select('m.email')
    .where('r.built_in', '=', 'admin')
    .where('m.state', '=', 'active')
    .execute();
  return rows.map((row) => row.email);
}

export async function organisationFrozenAt(trx: Db): Promise<Date | null> {
  const row = await trx.selectFrom('custody_org').select('frozen_at').executeTakeFirstOrThrow();
  return row.frozen_at;
}

export async function organisationName(trx: Db): Promise<string> {
  const row = await trx.selectFrom('custody_org').select('name').executeTakeFirstOrThrow();
  return row.name;
}
