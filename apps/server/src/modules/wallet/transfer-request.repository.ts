import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

// The SQL of transfer request ids on `wallet_transfer_request` (the rules: `transfer-requests.ts`).
// Each function takes the executor it runs on: the pool, or the caller's transaction.

/** Claims a new request id as pending; its attempt, or nothing when the id is already taken. */
export function insertClaim(executor: Db, requestKey: string, userId: string, payloadHash: string) {
  return executor
    .insertInto('wallet_transfer_request')
    .values({ request_key: requestKey, user_id: userId, payload_hash: payloadHash, state: 'pending' })
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .returning('attempt')
    .executeTakeFirst();
}

/** The request id's claim, and whether a pending attempt is older than `staleSeconds`. */
export function findClaim(executor: Db, requestKey: string, staleSeconds: number) {
  return executor
    .selectFrom('wallet_transfer_request')
    .select(['payload_hash', 'state', 'attempt', 'failure', 'transfer_id'])
    .select(sql<boolean>`claimed_at < now() - make_interval(secs => ${staleSeconds})`.as('is_stale'))
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** Takes over a failed or stale attempt `attempt` for a new one; its attempt, or nothing when another retry took it first. */
export function retakeClaim(executor: Db, requestKey: string, attempt: number, payloadHash: string, staleSeconds: number) {
  return executor
    .updateTable('wallet_transfer_request')
    .set({ state: 'pending', attempt: attempt + 1, failure: null, payload_hash: payloadHash, claimed_at: sql<Date>`now()` })
    .where('request_key', '=', requestKey)
    .where('attempt', '=', attempt)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'failed'),
        eb.and([eb('state', '=', 'pending'), eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`)]),
      ]),
    )
    .returning('attempt')
    .executeTakeFirst();
}

/** The claim's state and attempt, locked for the rest of the transaction. */
export function lockClaim(trx: Db, requestKey: string) {
  return trx
    .selectFrom('wallet_transfer_request')
    .select(['state', 'attempt'])
    .where('request_key', '=', requestKey)
    .forUpdate()
    .executeTakeFirst();
}

export async function completeClaim(trx: Db, requestKey: string, transferId: string): Promise<void> {
  await trx
    .updateTable('wallet_transfer_request')
    .set({ state: 'done', transfer_id: transferId })
    .where('request_key', '=', requestKey)
    .execute();
}

/** Records the attempt's failure (JSON) and frees the id, if the attempt is still pending. */
export async function failClaim(executor: Db, requestKey: string, attempt: number, failure: string): Promise<void> {
  await executor
    .updateTable('wallet_transfer_request')
    .set({ state: 'failed', failure })
    .where('request_key', '=', requestKey)
    .where('attempt', '=', attempt)
    .where('state', '=', 'pending')
    .execute();
}
