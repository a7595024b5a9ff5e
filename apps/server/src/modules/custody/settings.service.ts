import { custodyLimits, ipAllowed, parseIpWhitelist, type CustodySettings } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import { consoleAuditFields, type ConsoleActor } from './console-actor';
import { custodyError } from './custody.errors';
import { findSettings, updateSettings, type SettingsRow } from './settings.repository';
import { asPlatform, inOrganisation } from './tenant-transaction';

function settingsView(row: SettingsRow): CustodySettings {
  return { requireHardwareKey: row.require_hardware_key, sessionMinutes: row.session_minutes, consoleIps: row.console_ips.join(', ') };
}

/**
 * The organisation's common settings (spec §3): security keys required, the console's session
 * length, and its IP allow-list (at most 20 addresses or ranges, parsed as an API key's are).
 * An allow-list that would shut out the admin saving it is refused, so nobody locks themselves out.
 */
export function createSettingsService(deps: { db: Db; audit: Pick<AuditApi, 'record'> }) {
  const { db, audit } = deps;
  return {
    async get(orgId: string): Promise<CustodySettings> {
      const row = await inOrganisation(db, orgId, (trx) => findSettings(trx, orgId));
      if (!row) throw custodyError('noMatchingData');
      return settingsView(row);
    },

    async save(actor: ConsoleActor, body: CustodySettings): Promise<CustodySettings> {
      const ips = parseIpWhitelist(body.consoleIps, custodyLimits.consoleIpsMax);
      if (!ips.ok) throw custodyError('invalidParameter', { max: custodyLimits.consoleIpsMax }, 'consoleIps');
      if (ips.entries.length > 0 && !ipAllowed(actor.ip, ips.entries)) throw custodyError('custodyIpNotAllowed', {}, 'consoleIps');
      const next: SettingsRow = {
        require_hardware_key: body.requireHardwareKey,
        session_minutes: body.sessionMinutes,
        console_ips: ips.entries,
      };
      const saved = await inOrganisation(db, actor.orgId, async (trx) => {
        const before = await findSettings(trx, actor.orgId);
        const after = before && (await updateSettings(trx, actor.orgId, next));
        if (!before || !after) throw custodyError('noMatchingData');
        await asPlatform(trx, () =>
          audit.record(trx, {
            ...consoleAuditFields(actor),
            action: 'custody.settings.save',
            subject: { kind: 'custodyOrganisation', id: actor.orgId },
            before: settingsView(before),
            after: settingsView(after),
          }),
        );
        return after;
      });
      return settingsView(saved);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
