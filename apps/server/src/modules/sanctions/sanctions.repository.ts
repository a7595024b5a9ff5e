import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { SanctionsHoldRowStatus, SanctionsTables } from './sanctions.schema';

// The module's SQL on `sanctions_list_version`, `sanctions_entry` and `sanctions_hold`. Each
// function takes the executor it runs on: the pool, or the caller's transaction.

const insertChunk = 1_000;

/**
 * The entries screened against: the manual ones not removed and those of the newest OFAC
 * version (table alias `e`). One index probe per address (`sanctions_entry_lookup`).
 */
const isActive = sql<boolean>`e.removed_at is null and (e.source = 'manual' or e.version_id = (select max(id) from sanctions_list_version))`;

export type ActiveEntry = { id: string; source: 'ofac' | 'manual'; version_id: string | null; label: string; address_key: string };

/** The active entries naming any of `keys` on `chain`, a manual one first where both list a key. */
export async function findActiveEntries(executor: Db, chain: string, keys: readonly string[]): Promise<ActiveEntry[]> {
  if (keys.length === 0) return [];
  const rows = await sql<ActiveEntry>`
    select e.id::text as id, e.source, e.version_id::text as version_id, e.label, e.address_key
      from sanctions_entry e
     where e.chain = ${chain} and e.address_key = any(${[...keys]}::text[]) and ${isActive}
     order by (e.source = 'manual') desc, e.id`.execute(executor);
  return rows.rows;
}

export function insertVersion(trx: Db, values: Insertable<SanctionsTables['sanctions_list_version']>) {
  return trx.insertInto('sanctions_list_version').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function insertEntries(trx: Db, rows: Array<Insertable<SanctionsTables['sanctions_entry']>>): Promise<void> {
  for (let start = 0; start < rows.length; start += insertChunk) {
    await trx
      .insertInto('sanctions_entry')
      .values(rows.slice(start, start + insertChunk))
      .execute();
  }
}

/**
 * The active OFAC version (the newest), read after taking the import lock: imports run one at a
 * time (the lock is held to the transaction's end), screening reads are not blocked.
 */
export async function lockedActiveVersion(trx: Db) {
  await sql`lock table sanctions_list_version in share row exclusive mode`.execute(trx);
  return trx.selectFrom('sanctions_list_version').select(['id', 'published_on']).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Every OFAC version, newest first. */
export function listVersions(executor: Db) {
  return executor.selectFrom('sanctions_list_version').selectAll().orderBy('id', 'desc').execute();
}

/** The manual entries still listed, newest first. */
export function listManualEntries(executor: Db) {
  return executor
    .selectFrom('sanctions_entry')
    .select(['id', 'chain', 'address', 'label', 'created_by', 'created_by_name', 'created_at'])
    .where('source', '=', 'manual')
    .where('removed_at', 'is', null)
    .orderBy('id', 'desc')
    .execute();
}

export function insertManualEntry(trx: Db, values: Insertable<SanctionsTables['sanctions_entry']>) {
  return trx
    .insertInto('sanctions_entry')
    .values(values)
    .returning(['id', 'chain', 'address', 'label', 'created_by', 'created_by_name', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Marks a manual entry removed, once; the entry it removed, if it was still listed. */
export function removeManualEntry(trx: Db, id: string, by: { id: string; name: string | null }, note: string) {
  return trx
    .updateTable('sanctions_entry')
    .set({ removed_at: new Date(), removed_by: by.id, removed_by_name: by.name, removal_note: note })
    .where('id', '=', id)
    .where('source', '=', 'manual')
    .where('removed_at', 'is', null)
    .returning(['id', 'chain', 'address', 'label'])
    .executeTakeFirst();
}

export async function insertHold(executor: Db, values: Insertable<SanctionsTables['sanctions_hold']>): Promise<string> {
  const row = await executor.insertInto('sanctions_hold').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Screens every open hold's address again against the active entries: `is_still_listed` says
 * whether it is listed now. The holds stay open. How many were screened, how many are no longer listed.
 */
export async function rescreenOpenHolds(trx: Db): Promise<{ rescreened: number; noLongerListed: number }> {
  const result = await sql<{ rescreened: number; no_longer_listed: number }>`
    with rescreened as (
      update sanctions_hold h
         set is_still_listed = exists (
               select 1 from sanctions_entry e where e.chain = h.chain and e.address_key = h.address_key and ${isActive}),
             rescreened_at = now()
       where h.status = 'open'
      returning h.is_still_listed)
    select count(*)::integer as rescreened, (count(*) filter (where not is_still_listed))::integer as no_longer_listed from rescreened`.execute(
    trx,
  );
  const row = result.rows[0];
  return { rescreened: row?.rescreened ?? 0, noLongerListed: row?.no_longer_listed ?? 0 };
}

/** A hold with the entry it was opened on (`h` and `e`). */
function holdsWithEntries(executor: Db) {
  return executor
    .selectFrom('sanctions_hold as h')
    .innerJoin('sanctions_entry as e', 'e.id', 'h.entry_id')
    .select([
      'h.id',
      'h.kind',
      'h.subject_id',
      'h.user_id',
      'h.asset',
      'h.amount',
      'h.chain',
      'h.address',
      'h.status',
      'h.is_still_listed',
      'h.rescreened_at',
      'h.opened_at',
      'h.decided_by',
      'h.decided_by_name',
      'h.decided_at',
      'h.reason',
      'e.id as entry_id',
      'e.source as entry_source',
      'e.version_id as entry_version_id',
      'e.label as entry_label',
    ]);
}

export type HoldRow = NonNullable<Awaited<ReturnType<typeof findHold>>>;

export function findHold(executor: Db, id: string) {
  return holdsWithEntries(executor).where('h.id', '=', id).executeTakeFirst();
}

/** One page of the holds in `status`, oldest first, and how many there are. */
export async function holdsPage(executor: Db, status: SanctionsHoldRowStatus, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    holdsWithEntries(executor)
      .where('h.status', '=', status)
      .orderBy('h.opened_at')
      .orderBy('h.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    executor
      .selectFrom('sanctions_hold')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where('status', '=', status)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Decides an open hold: the one statement that lets a decision happen once. Concurrent calls
 * wait on the row, then find it no longer open. The hold as decided, or nothing.
 */
export function decideHold(
  trx: Db,
  id: string,
  decision: { status: 'released' | 'refused'; by: { id: string; name: string | null }; reason: string | null },
) {
  return trx
    .updateTable('sanctions_hold')
    .set({
      status: decision.status,
      decided_by: decision.by.id,
      decided_by_name: decision.by.name,
      decided_at: new Date(),
      reason: decision.reason,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning(['id', 'kind', 'subject_id', 'user_id', 'asset', 'amount', 'chain', 'address', 'entry_id', 'ledger_hold_id'])
    .executeTakeFirst();
}

export async function holdExists(executor: Db, id: string): Promise<boolean> {
  return (await executor.selectFrom('sanctions_hold').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
