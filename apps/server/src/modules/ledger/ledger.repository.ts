import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { LedgerOwnerType } from './ledger.schema';
import type { PostCall, PostResult } from './post-batcher';

/**
 * The ledger service's own SQL: `ledger_post` called on a caller's executor (its transaction,
 * or the database when there is no pool to batch on), accounts found or opened, house
 * balances folded. The batched path is `post-batcher.ts`'s; the reads other modules make are
 * `ledger-reads.ts`'s.
 */
export async function callLedgerPost(call: PostCall, executor: Db): Promise<PostResult> {
  const result = await sql<PostResult>`
      select journal_id, hold_id, is_replay from ledger_post(
        ${call.key}, ${call.hash}, ${call.billType}, ${call.referenceType}, ${call.referenceId}, ${call.note},
        ${JSON.stringify(call.legs)}::jsonb, ${call.hold === null ? null : JSON.stringify(call.hold)}::jsonb)
    `.execute(executor);
  return result.rows[0]!;
}

export interface AccountSpec {
  ownerType: LedgerOwnerType;
  ownerRef: string;
  asset: string;
  purpose: string;
  allowNegative: boolean;
  isHouse: boolean;
}

/** Opens the account when it does not exist yet and answers its id; undefined when no such account is found. */
export async function ensureAccountRow(db: Db, account: AccountSpec): Promise<string | undefined> {
  const { ownerType, ownerRef, asset, purpose } = account;
  await sql`
      insert into ledger_account (owner_type, owner_ref, asset, purpose, allow_negative, is_house)
      values (${ownerType}, ${ownerRef}, ${asset}, ${purpose}, ${account.allowNegative}, ${account.isHouse})
      on conflict (owner_type, owner_ref, asset, purpose) do nothing
    `.execute(db);
  const row = await db
    .selectFrom('ledger_account')
    .select('id')
    .where('owner_type', '=', ownerType)
    .where('owner_ref', '=', ownerRef)
    .where('asset', '=', asset)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
  return row?.id;
}

/** Folds the house accounts' waiting changes into their balances; answers how many were folded. */
export async function foldHouseAccounts(db: Db): Promise<number> {
  const result = await sql<{ folded: number }>`select ledger_fold_house() as folded`.execute(db);
  return Number(result.rows[0]?.folded ?? 0);
}
