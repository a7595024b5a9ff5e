import { custodyPaths, errorCatalogue } from '@coffer/contract';
import { describe, expect, it } from 'vitest';
import { auditActions, custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';

const custody = custodyTestBed();

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const defaults = { requireHardwareKey: false, sessionMinutes: 30, consoleIps: '' };

describe('common settings', () => {
  it('saves the settings, cleaned, and audits the change', async () => {
    const org = await custody.organisation({ tag: 'setsave' });
    expect((await org.admin.client.get(custodyPaths.settings)).body.data).toEqual(defaults);
    // Every test request comes from 127.0.0.1, inside 127.0.0.0/8.
    const saved = await org.admin.client.post(custodyPaths.settings, {
      requireHardwareKey: true,
      sessionMinutes: 720,
      consoleIps: ' 127.0.0.0/8 ,2001:db8::/32, 127.0.0.0/8',
    });
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toEqual({ requireHardwareKey: true, sessionMinutes: 720, consoleIps: '127.0.0.0/8, 2001:db8::/32' });
    expect((await org.admin.client.get(custodyPaths.settings)).body.data).toEqual(saved.body.data);
    expect(await auditActions(custody.db, org.admin.userId, 'custodyOrganisation')).toEqual(['custody.settings.save']);
    // Cleared again: any address.
    const cleared = await org.admin.client.post(custodyPaths.settings, { ...defaults, sessionMinutes: 5 });
    expect(cleared.body.data).toEqual({ ...defaults, sessionMinutes: 5 });
  });

  it('refuses each broken rule with its code, and an allow-list that would lock the admin out, changing nothing', async () => {
    const org = await custody.organisation({ tag: 'setrule' });
    const twentyOne = Array.from({ length: 21 }, (_, i) => `127.0.0.${i + 1}`).join(',');
    const twenty = Array.from({ length: 19 }, (_, i) => `10.0.0.${i + 1}`)
      .concat('127.0.0.1')
      .join(',');
    const refusals: Array<[object, keyof typeof errorCatalogue]> = [
      [{ sessionMinutes: 4 }, 'invalidParameter'],
      [{ sessionMinutes: 721 }, 'invalidParameter'],
      [{ consoleIps: '127.0.0.1, nonsense' }, 'invalidParameter'],
      [{ consoleIps: '127.0.0.1/33' }, 'invalidParameter'],
      [{ consoleIps: twentyOne }, 'invalidParameter'],
      [{ consoleIps: '127.0.0.1\u0000' }, 'invalidParameter'],
      [{ consoleIps: '10.0.0.0/8, 2001:db8::1' }, 'custodyIpNotAllowed'],
    ];
    for (const [override, key] of refusals) {
      const answer = await org.admin.client.post(custodyPaths.settings, { ...defaults, requireHardwareKey: true, ...override });
      expect(answer.body.code, JSON.stringify(override)).toBe(codeOf(key));
    }
    expect((await org.admin.client.get(custodyPaths.settings)).body.data).toEqual(defaults);
    expect(await auditActions(custody.db, org.admin.userId, 'custodyOrganisation')).toEqual([]);
    // Twenty entries are allowed, and the console still answers the admin afterwards.
    expect((await org.admin.client.post(custodyPaths.settings, { ...defaults, consoleIps: twenty })).body.code).toBe(0);
    expect((await org.admin.client.get(custodyPaths.me)).body.code).toBe(0);
  });

  it('belongs to one organisation and to the settings permission', async () => {
    const a = await custody.organisation({ tag: 'setowna' });
    const b = await custody.organisation({ tag: 'setownb' });
    await a.admin.client.post(custodyPaths.settings, { requireHardwareKey: true, sessionMinutes: 60, consoleIps: '127.0.0.1' });
    expect((await b.admin.client.get(custodyPaths.settings)).body.data).toEqual(defaults);
    const lineAdmin = await custody.customer('setline');
    await insertConsoleMember(custody.db, a.orgId, { state: 'active', role: 'lineAdmin', userId: lineAdmin.userId });
    expect((await lineAdmin.client.get(custodyPaths.settings)).body.code).toBe(codeOf('noPermission'));
    expect((await lineAdmin.client.post(custodyPaths.settings, defaults)).body.code).toBe(codeOf('noPermission'));
    expect((await a.admin.client.get(custodyPaths.settings)).body.data).toEqual({
      requireHardwareKey: true,
      sessionMinutes: 60,
      consoleIps: '127.0.0.1',
    });
  });
});
