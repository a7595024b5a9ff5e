import type { OperatorRole } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isLaterTotpStep } from '../identity';

/** An operator as login and activation read it. */
export interface OperatorRow {
  id: string;
  email: string;
  display_name: string | null;
  role: OperatorRole;
  status: 'active' | 'disabled';
  password_hash: string | null;
  totp_secret_encrypted: string | null;
  totp_last_step: string | null;
}

const operatorColumns = [
  'id',
  'email',
  'display_name',
  'role',
  'status',
  'password_hash',
  'totp_secret_encrypted',
  'totp_last_step',
] as const;

/** A live activation link: issued, not used, not expired. */
const isLiveActivation = sql<boolean>`activation_used_at is null and activation_expires_at > now()`;

/** The only SQL on `operator`; each call runs on the executor it is given (the caller's transaction or the database). */
export const operatorRepository = {
  /** A new operator, disabled until its activation link is used. */
  async insert(
    executor: Db,
    values: { email: string; role: OperatorRole; name: string | null; tokenHash: string; validHours: number },
  ): Promise<{ id: string; expiresAt: Date }> {
    const row = await executor
      .insertInto('operator')
      .values({
        email: values.email,
        role: values.role,
        display_name: values.name,
        activation_token_hash: values.tokenHash,
        activation_expires_at: sql<Date>`now() + make_interval(hours => ${values.validHours})`,
      })
      .returning(['id', 'activation_expires_at'])
      .executeTakeFirstOrThrow();
    return { id: row.id, expiresAt: row.activation_expires_at! };
  },

  findByEmail(executor: Db, email: string): Promise<OperatorRow | undefined> {
    return executor
      .selectFrom('operator')
      .select(operatorColumns)
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
  },

  /** Every operator for the operators list, newest first (a back office has a handful). */
  list(executor: Db): Promise<
    Array<{
      id: string;
      email: string;
      display_name: string | null;
      role: OperatorRole;
      status: 'active' | 'disabled';
      activated_at: Date | null;
      last_login_at: Date | null;
      created_at: Date;
    }>
  > {
    return executor
      .selectFrom('operator')
      .select(['id', 'email', 'display_name', 'role', 'status', 'activated_at', 'last_login_at', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  /** Whether any operator exists (the first start's bootstrap). */
  /** Serialises the first operator's creation across processes until the transaction ends. */
  async lockFirstOperatorCreation(trx: Db): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('coffer:first-operator'))`.execute(trx);
  },

  async isEmpty(executor: Db): Promise<boolean> {
    return !(await executor.selectFrom('operator').select('id').limit(1).executeTakeFirst());
  },

  /** Holds a freshly generated authenticator secret against a live link; the operator it names, or none. */
  holdPendingSecret(executor: Db, tokenHash: string, sealedSecret: string): Promise<{ id: string; email: string } | undefined> {
    return executor
      .updateTable('operator')
      .set({ pending_totp_secret_encrypted: sealedSecret })
      .where('activation_token_hash', '=', tokenHash)
      .where(isLiveActivation)
      .returning(['id', 'email'])
      .executeTakeFirst();
  },

  /** The secret a live link holds pending. */
  findPendingActivation(executor: Db, tokenHash: string): Promise<{ id: string; email: string; pending: string | null } | undefined> {
    return executor
      .selectFrom('operator')
      .select(['id', 'email', 'pending_totp_secret_encrypted as pending'])
      .where('activation_token_hash', '=', tokenHash)
      .where(isLiveActivation)
      .executeTakeFirst();
  },

  /**
   * Spends the link and activates in one conditional update: of any number of racing
   * finishes, one finds the link live and holding the secret it checked; the others find nothing.
   */
  activate(
    executor: Db,
    values: { tokenHash: string; pendingSecret: string; passwordHash: string; totpStep: number },
  ): Promise<{ id: string; email: string; display_name: string | null; role: OperatorRole } | undefined> {
    return executor
      .updateTable('operator')
      .set({
        status: 'active',
        password_hash: values.passwordHash,
        totp_secret_encrypted: values.pendingSecret,
        totp_last_step: values.totpStep,
        pending_totp_secret_encrypted: null,
        activation_used_at: sql<Date>`now()`,
        activated_at: sql<Date>`now()`,
      })
      .where('activation_token_hash', '=', values.tokenHash)
      .where(isLiveActivation)
      .where('pending_totp_secret_encrypted', '=', values.pendingSecret)
      .returning(['id', 'email', 'display_name', 'role'])
      .executeTakeFirst();
  },

  /**
   * Spends a login's authenticator step: only a step later than the last one used, so a code
   * (or a racing copy of the request) logs in once.
   */
  async claimLoginStep(executor: Db, operatorId: string, step: number): Promise<boolean> {
    const result = await executor
      .updateTable('operator')
      .set({ totp_last_step: step, last_login_at: sql<Date>`now()` })
      .where('id', '=', operatorId)
      .where('status', '=', 'active')
      .where(isLaterTotpStep(step))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
};
