import { custodyLimits, type CustodyAccount, type CustodyAccountBody } from '@coffer/contract';
import type { DatabaseError } from 'pg';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import { insertAccount, listAccounts, type AccountRow } from './accounts.repository';
import { consoleAuditFields, type ConsoleActor } from './console-actor';
import { hasControlCharacters } from './custody-destinations';
import { custodyError } from './custody.errors';
import { asPlatform, inOrganisation } from './tenant-transaction';

export function accountView(row: AccountRow): CustodyAccount {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    tier: row.tier,
    addressCount: row.address_count,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The organisation's custody accounts (spec §3): hot or cold, enterprise or prime, a name of 1–50
 * characters unique in the organisation (its unique index decides among racing adds).
 */
export function createAccountsService(deps: { db: Db; audit: Pick<AuditApi, 'record'> }) {
  const { db, audit } = deps;
  return {
    async list(orgId: string): Promise<CustodyAccount[]> {
      return (await inOrganisation(db, orgId, listAccounts)).map(accountView);
    },

    async add(actor: ConsoleActor, body: CustodyAccountBody): Promise<CustodyAccount> {
      const name = body.name.trim();
      if (name === '') throw custodyError('missingParameter', {}, 'name');
      if (name.length > custodyLimits.nameMaxChars || hasControlCharacters(name)) throw custodyError('invalidParameter', {}, 'name');
      const row = await inOrganisation(db, actor.orgId, async (trx) => {
        const inserted = await insertAccount(trx, { orgId: actor.orgId, name, kind: body.kind, tier: body.tier }).catch(
          (error: unknown) => {
            if ((error as Partial<DatabaseError>).constraint === 'custody_account_name')
              throw custodyError('accountAlreadyExists', {}, 'name');
            throw error;
          },
        );
        await asPlatform(trx, () =>
          audit.record(trx, {
            ...consoleAuditFields(actor),
            action: 'custody.account.add',
            subject: { kind: 'custodyAccount', id: inserted.id },
            after: accountView(inserted),
          }),
        );
        return inserted;
      });
      return accountView(row);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
