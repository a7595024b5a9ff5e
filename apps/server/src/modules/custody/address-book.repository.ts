import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyDestination } from './custody-destinations';
import type { CustodyAddressTable } from './custody.schema';

export type AddressRow = Selectable<CustodyAddressTable>;

export function listAddresses(trx: Db, accountId: string): Promise<AddressRow[]> {
  return trx.selectFrom('custody_address').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

/**
 * Saves an address and counts it on its account in one statement: the account's CHECK
 * (address_count ≤ 200) refuses the 201st however many arrive at once (23514), the row lock of
 * the count orders them, and a refused insert (a duplicate, 23505) undoes its count. Undefined
 * when the account is not the organisation's.
 */
export async function insertAddress(trx: Db, accountId: string, entry: CustodyDestination): Promise<AddressRow | undefined> {
  const result = await sql<AddressRow>`
    with counted as (
      update custody_account set address_count = address_count + 1 where id = ${accountId} returning id, org_id
    )
    insert into custody_address (org_id, account_id, asset, chain, address, tag, note)
    select org_id, id, ${entry.asset}, ${entry.chain}, ${entry.address}, ${entry.tag}, ${entry.note} from counted
    returning *
  `.execute(trx);
  return result.rows[0];
}

/** Removes an address and uncounts it on its account in one statement; undefined when there is none of that id. */
export async function deleteAddress(trx: Db, id: string): Promise<AddressRow | undefined> {
  const result = await sql<AddressRow>`
    with removed as (
      delete from custody_address where id = ${id} returning *
    ), uncounted as (
      update custody_account a set address_count = a.address_count - 1 from removed where a.id = removed.account_id returning a.id
    )
    select removed.* from removed join uncounted on uncounted.id = removed.account_id
  `.execute(trx);
  return result.rows[0];
}
