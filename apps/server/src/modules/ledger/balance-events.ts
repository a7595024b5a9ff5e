import type pg from 'pg';

/** The channel whose payloads name the customers (comma-separated ids) whose balances a committed journal changed. */
export const balanceChangesChannel = 'coffer_account';

/** Customer ids per NOTIFY payload: 200 ids of at most 20 digits and their commas, far below 8000 bytes. */
const usersPerPayload = 200;
/** Queue rows one relay round takes at most. */
const relayBatch = 10_000;

/**
 * Moves the balance changes queued by committed journals (`balance-events.migration.ts`) to
 * NOTIFY: one statement, so a failed round leaves its rows for the next. Rows another process
 * is taking are skipped, not waited for. The accounts taken are resolved to their customers
 * (house and other platform accounts name nobody), each customer once.
 */
const relayStatement = `
  with taken as (
    delete from account_event_queue q
     where q.ctid = any (array(select ctid from account_event_queue for update skip locked limit ${relayBatch}))
    returning q.account_ids
  ), accounts as (
    select distinct unnest(account_ids) as account_id from taken
  ), users as (
    select distinct a.owner_ref as user_id
      from accounts t
      join ledger_account a on a.id = t.account_id
     where a.owner_type = 'customer'
  ), parts as (
    select string_agg(user_id, ',') as users
      from (select user_id, (row_number() over (order by user_id) - 1) / ${usersPerPayload} as part from users) u
     group by part
  )
  select count(pg_notify('${balanceChangesChannel}', users))::int as sent from parts`;

/**
 * One relay round on `client`: the caller's own connection (a listener's, committing without
 * waiting for the disk: NOTIFY transactions take PostgreSQL's notification lock, and these rows
 * are not money).
 */
export async function relayBalanceChanges(client: Pick<pg.ClientBase, 'query'>): Promise<void> {
  await client.query(relayStatement);
}
