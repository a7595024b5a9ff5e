-- version: 1 sha256: 7cf0004f3c924692
-- The chain's links, kept by the database whoever inserts: a row follows the last one (the next
-- seq, and that row's hash as its prev_hash; row 1 follows 32 zero bytes), and its time is the
-- database clock read during the inserting transaction. Two writers that skip the chain's lock
-- cannot fork it: the second one's seq is taken. The hash of the content is checked by verify.
create or replace function audit_log_check_append() returns trigger language plpgsql as $$
    declare
      last_seq bigint;
      last_hash bytea;
    begin
      select seq, hash into last_seq, last_hash from audit_log order by seq desc limit 1;
      if new.seq is distinct from coalesce(last_seq, 0) + 1
         or new.prev_hash is distinct from coalesce(last_hash, decode(repeat('00', 32), 'hex')) then
        raise exception 'AUDIT_CHAIN_LINK: row % does not follow row % (seq and prev_hash must continue the chain)',
          new.seq, coalesce(last_seq, 0)
          using errcode = 'P0001';
      end if;
      if new.created_at < transaction_timestamp() or new.created_at > clock_timestamp() then
        raise exception 'AUDIT_TIME: created_at % is not the database clock of this transaction', new.created_at
          using errcode = 'P0001';
      end if;
      return new;
    end $$;
