import { type Kysely, sql } from 'kysely';

/**
 * Security-history codes after the spec's 1000–1010 (issue 16, `securityOperations` of the
 * contract): 1011–1013 API key created, edited, deleted; 1014–1015 passkey added, removed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table security_history drop constraint security_history_operation_check;
    alter table security_history add constraint security_history_operation_check check (operation between 1000 and 1015);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table security_history drop constraint security_history_operation_check;
    alter table security_history add constraint security_history_operation_check check (operation between 1000 and 1010);
  `.execute(db);
}
