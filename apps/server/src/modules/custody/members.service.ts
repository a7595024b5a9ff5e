import { createHash, randomBytes } from 'node:crypto';
import {
  checkCustodyNote,
  custodyLimits,
  isEmailAddress,
  normaliseEmail,
  type CustodyInvitation,
  type CustodyMember,
  type CustodyMemberBody,
  type CustodyMemberEditBody,
  type Language,
} from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import { activationOrigin } from '../operators';
import { replaceActivation } from './activation.repository';
import type { ConsoleCaller } from './console-guard';
import { recordConsoleAction } from './console-audit';
import { oneLineText } from './console-input';
import { custodyError } from './custody.errors';
import { custodyMessage } from './custody-messages';
import {
  findMember,
  findRoleOf,
  insertMember,
  listMembers,
  lockAdminSet,
  lockMember,
  setMemberState,
  updateMember,
  type MemberFields,
  type MemberRow,
} from './members.repository';
import { inOrganisation } from './tenant-transaction';

export interface MembersDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'>;
  identity: Pick<IdentityApi, 'passkeyHolders'>;
  audit: Pick<AuditApi, 'record'>;
  messenger: Messenger;
}

export function memberView(row: MemberRow, hasHardwareKey: boolean): CustodyMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    department: row.department,
    note: row.note,
    salespersonEmail: row.salesperson_email,
    roleId: row.role_id,
    roleName: row.role_name,
    state: row.state,
    hasHardwareKey,
    createdAt: row.created_at.toISOString(),
    activatedAt: row.activated_at?.toISOString() ?? null,
  };
}

/** The SHA-256 an activation token is kept as. */
export function activationTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** A member's editable fields by the §5 rules, each refused with its own code naming the field. */
function checkedMember(body: CustodyMemberEditBody): MemberFields {
  const name = oneLineText(body.name, 'name', custodyLimits.nameMaxChars, true);
  const phone = (body.phone ?? '').replace(/[\s-]/g, '');
  if (phone !== '' && !/^\+?[0-9]{4,16}$/.test(phone)) throw custodyError('emailOrPhoneFormat', {}, 'phone');
  const department = oneLineText(body.department ?? '', 'department', 50);
  const note = (body.note ?? '').trim();
  if (checkCustodyNote(note)) throw custodyError('custodyNoteTooLong', {}, 'note');
  const salespersonEmail = normaliseEmail(body.salespersonEmail ?? '');
  if (salespersonEmail !== '' && !isEmailAddress(salespersonEmail)) throw custodyError('emailOrPhoneFormat', {}, 'salespersonEmail');
  return { name, phone, department, note, salespersonEmail, roleId: body.roleId };
}

/**
 * Personnel (spec §4, §6; issue 17 item 5): members are added invited with a single-use,
 * expiring activation link e-mailed after commit; edited, frozen and thawed. Nobody freezes
 * themselves (cannotDeleteSelf); the organisation always keeps one active enterprise admin
 * (cannotDeleteAdminGroup): freezing one or moving one to another role first locks the
 * organisation's admin set, so concurrent attempts are decided one after the other.
 */
export function createMembersService(deps: MembersDeps) {
  const { db, identity, audit } = deps;
  const origin = activationOrigin(deps.config);

  async function withKey(row: MemberRow): Promise<CustodyMember> {
    const holders = row.user_id ? await identity.passkeyHolders([row.user_id]) : new Set<string>();
    return memberView(row, row.user_id !== null && holders.has(row.user_id));
  }

  /** A fresh link for the member, older unused ones stopped; the token exists only in the e-mail. */
  async function issueLink(trx: Db, orgId: string, memberId: string) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = await replaceActivation(trx, {
      orgId,
      memberId,
      tokenHash: activationTokenHash(token),
      hours: custodyLimits.activationHours,
    });
    return { token, expiresAt };
  }

  async function sendInvitation(caller: ConsoleCaller, email: string, token: string, language: Language) {
    const link = `${origin}/custody/activate?token=${token}`;
    const message = custodyMessage('invitation', language, {
      company: caller.membership.org_name,
      hours: String(custodyLimits.activationHours),
      link,
    });
    await deps.messenger.send({ channel: 'email', to: email, ...message }).catch(() => undefined);
  }

  /** Whether the change leaves no active enterprise admin (the admin set locked, see `lockAdminSet`). */
  function takesLastAdmin(admins: string[], target: MemberRow): boolean {
    return target.state === 'active' && target.role_built_in === 'admin' && admins.every((id) => id === target.id);
  }

  return {
    async list(caller: ConsoleCaller): Promise<CustodyMember[]> {
      const rows = await inOrganisation(db, caller.orgId, listMembers);
      const holders = await identity.passkeyHolders(rows.flatMap((row) => (row.user_id ? [row.user_id] : [])));
      return rows.map((row) => memberView(row, row.user_id !== null && holders.has(row.user_id)));
    },

    async add(caller: ConsoleCaller, body: CustodyMemberBody, language: Language): Promise<CustodyInvitation> {
      const email = normaliseEmail(body.email);
      if (!isEmailAddress(email)) throw custodyError('emailOrPhoneFormat', {}, 'email');
      const fields = checkedMember(body);
      const { row, token, expiresAt } = await inOrganisation(db, caller.orgId, async (trx) => {
        if (!(await findRoleOf(trx, fields.roleId))) throw custodyError('noMatchingData', {}, 'roleId');
        const id = await insertMember(trx, caller.orgId, email, fields);
        if (!id) throw custodyError('duplicateEmail', {}, 'email');
        const link = await issueLink(trx, caller.orgId, id);
        const inserted = (await findMember(trx, id))!;
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.member.add',
          subject: { kind: 'custodyMember', id },
          after: memberView(inserted, false),
        });
        return { row: inserted, ...link };
      });
      await sendInvitation(caller, email, token, language);
      return { member: memberView(row, false), activationExpiresAt: expiresAt.toISOString() };
    },

    async edit(caller: ConsoleCaller, id: string, body: CustodyMemberEditBody): Promise<CustodyMember> {
      const fields = checkedMember(body);
      const row = await inOrganisation(db, caller.orgId, async (trx) => {
        // The admin set first, then the member: the lock order of every change that may take an admin away.
        const admins = await lockAdminSet(trx, caller.orgId);
        const before = await lockMember(trx, id);
        if (!before) throw custodyError('noMatchingData');
        const role = await findRoleOf(trx, fields.roleId);
        if (!role) throw custodyError('noMatchingData', {}, 'roleId');
        if (role.built_in !== 'admin' && takesLastAdmin(admins, before)) throw custodyError('cannotDeleteAdminGroup');
        await updateMember(trx, id, fields);
        const after = (await findMember(trx, id))!;
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.member.edit',
          subject: { kind: 'custodyMember', id },
          before: memberView(before, false),
          after: memberView(after, false),
        });
        return after;
      });
      return withKey(row);
    },

    async freeze(caller: ConsoleCaller, id: string): Promise<CustodyMember> {
      const row = await inOrganisation(db, caller.orgId, async (trx) => {
        const admins = await lockAdminSet(trx, caller.orgId);
        const before = await lockMember(trx, id);
        if (!before) throw custodyError('noMatchingData');
        if (before.id === caller.memberId) throw custodyError('cannotDeleteSelf');
        if (before.state === 'invited') throw custodyError('invalidParameter', {}, 'id');
        if (before.state === 'frozen') return before;
        if (takesLastAdmin(admins, before)) throw custodyError('cannotDeleteAdminGroup');
        await setMemberState(trx, id, 'active');
        const after = (await findMember(trx, id))!;
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.member.freeze',
          subject: { kind: 'custodyMember', id },
          before: { state: before.state },
          after: { state: after.state },
        });
        return after;
      });
      return withKey(row);
    },

    async thaw(caller: ConsoleCaller, id: string): Promise<CustodyMember> {
      const row = await inOrganisation(db, caller.orgId, async (trx) => {
        const before = await lockMember(trx, id);
        if (!before) throw custodyError('noMatchingData');
        if (before.state === 'invited') throw custodyError('invalidParameter', {}, 'id');
        if (before.state === 'active') return before;
        await setMemberState(trx, id, 'frozen');
        const after = (await findMember(trx, id))!;
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.member.thaw',
          subject: { kind: 'custodyMember', id },
          before: { state: before.state },
          after: { state: after.state },
        });
        return after;
      });
      return withKey(row);
    },

    async resendActivation(caller: ConsoleCaller, id: string, language: Language): Promise<CustodyInvitation> {
      const { row, token, expiresAt } = await inOrganisation(db, caller.orgId, async (trx) => {
        const member = await lockMember(trx, id);
        if (!member) throw custodyError('noMatchingData');
        if (member.state !== 'invited') throw custodyError('custodyAlreadyMember');
        return { row: member, ...(await issueLink(trx, caller.orgId, id)) };
      });
      await sendInvitation(caller, row.email, token, language);
      return { member: memberView(row, false), activationExpiresAt: expiresAt.toISOString() };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
