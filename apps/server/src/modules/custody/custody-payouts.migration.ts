import { type Kysely, sql } from 'kysely';

/**
 * Custody withdrawal orders sent by the withdrawal signer (issue 18 items 1 and 3):
 * - `custody_withdrawal_order.txid`: the transaction that paid an approved order;
 * - `custody_transfer` gains the business type `withdrawal`, carrying its order (`order_id`,
 *   once per order), its chain and txid, written settled (`released`) in the transaction that
 *   settles the order's hold.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table custody_withdrawal_order add column txid text;
    alter table custody_withdrawal_order add constraint custody_withdrawal_order_paid check ((state = 'approved') = (txid is not null));

    alter table custody_transfer add column order_id bigint;
    alter table custody_transfer add constraint custody_transfer_order_once unique (order_id);
    alter table custody_transfer add constraint custody_transfer_order
      foreign key (order_id, org_id) references custody_withdrawal_order (id, org_id);
    alter table custody_transfer drop constraint custody_transfer_business_type_check;
    alter table custody_transfer add constraint custody_transfer_business_type_check
      check (business_type in ('deposit', 'internalIn', 'internalOut', 'withdrawal'));
    alter table custody_transfer drop constraint custody_transfer_kind;
    alter table custody_transfer add constraint custody_transfer_kind check (case business_type
      when 'deposit' then deposit_id is not null and move_request_id is null and order_id is null and chain is not null
      when 'withdrawal' then order_id is not null and deposit_id is null and move_request_id is null and chain is not null
        and txid is not null
      else deposit_id is null and order_id is null and move_request_id is not null and counterpart_account_id is not null
        and member_id is not null end);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table custody_transfer drop constraint custody_transfer_kind;
    alter table custody_transfer add constraint custody_transfer_kind check (case business_type
      when 'deposit' then deposit_id is not null and move_request_id is null and chain is not null
      else deposit_id is null and move_request_id is not null and counterpart_account_id is not null and member_id is not null end);
    alter table custody_transfer drop constraint custody_transfer_business_type_check;
    alter table custody_transfer add constraint custody_transfer_business_type_check
      check (business_type in ('deposit', 'internalIn', 'internalOut'));
    alter table custody_transfer drop column order_id;
    alter table custody_withdrawal_order drop constraint custody_withdrawal_order_paid;
    alter table custody_withdrawal_order drop column txid;
  `.execute(db);
}
