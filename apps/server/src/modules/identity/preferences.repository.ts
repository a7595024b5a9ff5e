import type { FiatCurrency, Language } from '@coffer/contract';
import type { Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AppUserTable } from './identity.schema';

// The SQL of the preferences: the preference columns of `app_user` (identity owns the table).

const preferenceColumns = ['language', 'fiat', 'notify_login', 'notify_withdrawal', 'notify_deposit', 'notify_marketing'] as const;

export interface PreferenceRow {
  language: Language | null;
  fiat: FiatCurrency;
  notify_login: boolean;
  notify_withdrawal: boolean;
  notify_deposit: boolean;
  notify_marketing: boolean;
}

export function findPreferences(db: Db, userId: string): Promise<PreferenceRow | undefined> {
  return db.selectFrom('app_user').select(preferenceColumns).where('id', '=', userId).executeTakeFirst();
}

/** One update of the given columns; answers the whole stored preferences (undefined: no such user). */
export function updatePreferences(
  db: Db,
  userId: string,
  changes: Updateable<Pick<AppUserTable, (typeof preferenceColumns)[number]>>,
): Promise<PreferenceRow | undefined> {
  return db.updateTable('app_user').set(changes).where('id', '=', userId).returning(preferenceColumns).executeTakeFirst();
}

/** The language a customer's messages are written in; null: the request's. */
export async function preferredLanguage(db: Db, userId: string): Promise<Language | null> {
  const row = await db.selectFrom('app_user').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}
