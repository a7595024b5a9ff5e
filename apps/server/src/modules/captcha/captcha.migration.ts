import { type Kysely, sql } from 'kysely';

/**
 * Spent captcha solutions and tokens. The primary key makes each single-use: of any number of
 * requests spending one solution (or token) at once, exactly one inserts its row. A row is
 * needed only until its challenge (or token) expires; the purge job deletes it afterwards.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table captcha_spent (
      spent_key text primary key check (length(spent_key) between 1 and 300),
      purpose text not null check (purpose in ('login', 'sendCode', 'register', 'apiKey')),
      expires_at timestamptz not null,
      spent_at timestamptz not null default now()
    );
    create index captcha_spent_expiry on captcha_spent (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table captcha_spent`.execute(db);
}
