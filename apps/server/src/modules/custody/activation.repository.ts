import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/**
 * A new activation link of an invited member, valid for `hours`; the links it had before and
 * did not use stop working (sending again replaces them). Inside `inOrganisation`.
 */
export async function replaceActivation(
  trx: Db,
  link: { orgId: string; memberId: string; tokenHash: Buffer; hours: number },
): Promise<Date> {
  await trx
    .updateTable('custody_member_activation')
    .set({ expires_at: sql`least(expires_at, now())` })
    .where('member_id', '=', link.memberId)
    .where('used_at', 'is', null)
    .execute();
  const row = await trx
    .insertInto('custody_member_activation')
    .values({
      token_hash: link.tokenHash,
      org_id: link.orgId,
      member_id: link.memberId,
      expires_at: sql`now() + make_interval(hours => ${link.hours})`,
    })
    .returning('expires_at')
    .executeTakeFirstOrThrow();
  return row.expires_at;
}

/**
 * The activation link with this token hash, whatever its organisation, with its member's
 * e-mail and state: the one deliberate read of a link that is not fenced to an organisation,
 * since the link is how the activation learns which organisation it belongs to (the customer
 * is not a member of any yet). It runs as the application's role and finds one row by the
 * SHA-256 of a 32-byte secret, which only the link's holder knows; every write after it is
 * fenced (`inOrganisation`).
 */
export function findActivationByHash(db: Db, tokenHash: Buffer) {
  return db
    .selectFrom('custody_member_activation as a')
    .innerJoin('custody_member as m', (join) => join.onRef('m.id', '=', 'a.member_id').onRef('m.org_id', '=', 'a.org_id'))
    .select(['a.org_id', 'a.member_id', 'm.email', 'm.state', 'm.user_id'])
    .select(sql<boolean>`a.used_at is null and a.expires_at > now()`.as('usable'))
    .where('a.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Spends the link: one statement, so of any number of concurrent uses exactly one gets the
 * member id. Its expiry is judged at this statement's time, not the transaction's start: the
 * activation waits for the member's lock, and a resend granted it first stopped the older links
 * at its own start (`replaceActivation`), which may be later than this transaction's.
 */
export async function spendActivation(trx: Db, tokenHash: Buffer): Promise<string | undefined> {
  const row = await trx
    .updateTable('custody_member_activation')
    .set({ used_at: sql`statement_timestamp()` })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where(sql<boolean>`expires_at > statement_timestamp()`)
    .returning('member_id')
    .executeTakeFirst();
  return row?.member_id;
}

/** Binds the customer to the invited member and makes it active; false when it is not invited any more. */
export async function bindMember(trx: Db, memberId: string, userId: string): Promise<boolean> {
  const row = await trx
    .updateTable('custody_member')
    .set({ state: 'active', user_id: userId, activated_at: sql`now()` })
    .where('id', '=', memberId)
    .where('state', '=', 'invited')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
