import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db/database';
import type { KycSandboxSessionTable, KycSandboxTables } from './sandbox.schema';
import type { SandboxSession, SandboxSessionStore } from './sandbox-session-store';

function sessionOf(row: Selectable<KycSandboxSessionTable>): SandboxSession {
  return {
    id: row.id,
    reference: row.reference,
    customerRef: row.customer_ref,
    country: row.country,
    documentType: row.document_type,
    locale: row.locale,
    successUrl: row.success_url,
    errorUrl: row.error_url,
    callbackUrl: row.callback_url,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    outcome: row.outcome,
    completedAt: row.completed_at,
    delivery: row.delivery_id !== null && row.delivery_body !== null ? { id: row.delivery_id, body: row.delivery_body } : null,
  };
}

/** The sandbox's sessions in `kyc_sandbox_session`, so every server process sees the same ones. */
export function createPgSandboxSessionStore(database: Db): SandboxSessionStore {
  // The table joins the app's `Database` map when the composition root lists `KycSandboxTables`.
  const db = database.withTables<KycSandboxTables>();
  return {
    async create(session) {
      const row = await db
        .insertInto('kyc_sandbox_session')
        .values({
          id: session.id,
          reference: session.reference,
          customer_ref: session.customerRef,
          country: session.country,
          document_type: session.documentType,
          locale: session.locale,
          success_url: session.successUrl,
          error_url: session.errorUrl,
          callback_url: session.callbackUrl,
          expires_at: session.expiresAt,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return sessionOf(row);
    },

    async get(id) {
      const row = await db.selectFrom('kyc_sandbox_session').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? sessionOf(row) : null;
    },

    async complete(id, completion) {
      // One statement: of two concurrent submits, the second finds completed_at set and updates nothing.
      const row = await db
        .updateTable('kyc_sandbox_session')
        .set({
          outcome: JSON.stringify(completion.outcome),
          completed_at: completion.completedAt,
          delivery_id: completion.deliveryId,
          delivery_body: completion.deliveryBody,
        })
        .where('id', '=', id)
        .where('completed_at', 'is', null)
        .where('expires_at', '>', completion.completedAt)
        .returningAll()
        .executeTakeFirst();
      return row ? sessionOf(row) : null;
    },
  };
}
