-- version: 1 sha256: 41b7c1873a994840
-- Announces an ended session on `coffer_session_ended` (`sessionEndedChannel`), so the socket
-- opened with it closes in whichever process holds it.
create or replace function account_events_announce_session_end() returns trigger language plpgsql as $$
    begin
      perform pg_notify('coffer_session_ended', new.id::text);
      return null;
    end $$;
