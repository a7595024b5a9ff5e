import type { Db } from '../../platform/db/database';

export interface SettingsRow {
  require_hardware_key: boolean;
  session_minutes: number;
  console_ips: string[];
}

/** The organisation's common settings (its `custody_org` row, the only one the fenced transaction sees). */
export function findSettings(trx: Db, orgId: string): Promise<SettingsRow | undefined> {
  return trx
    .selectFrom('custody_org')
    .select(['require_hardware_key', 'session_minutes', 'console_ips'])
    .where('id', '=', orgId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateSettings(trx: Db, orgId: string, settings: SettingsRow): Promise<SettingsRow | undefined> {
  return trx
    .updateTable('custody_org')
    .set(settings)
    .where('id', '=', orgId)
    .returning(['require_hardware_key', 'session_minutes', 'console_ips'])
    .executeTakeFirst();
}
