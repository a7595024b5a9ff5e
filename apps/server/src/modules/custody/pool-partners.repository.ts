import type { Language } from '@coffer/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyPoolPartnerTable } from './custody.schema';

/** The SQL of `custody_pool_partner`; every statement but `findLinkByHash` runs fenced to one organisation. */

export type PoolPartnerRow = Omit<Selectable<CustodyPoolPartnerTable>, 'token_hash'> & {
  account_name: string;
  created_by_name: string;
  /** Past its expiry by the database's clock. */
  is_expired: boolean;
};

function withNames(trx: Db) {
  return trx
    .selectFrom('custody_pool_partner as p')
    .innerJoin('custody_account as a', 'a.id', 'p.account_id')
    .innerJoin('custody_member as m', 'm.id', 'p.created_by')
    .select([
      'p.id',
      'p.org_id',
      'p.account_id',
      'p.asset',
      'p.chain',
      'p.partner_name',
      'p.expires_at',
      'p.created_by',
      'p.created_language',
      'p.created_at',
      'p.revoked_at',
      'p.revoked_by',
      'p.payout_address',
      'p.payout_key',
      'p.contact_email',
      'p.linked_at',
      'p.unlinked_at',
      'p.unlinked_by',
      'a.name as account_name',
      'm.name as created_by_name',
    ])
    .select(sql<boolean>`p.expires_at <= now()`.as('is_expired'));
}

/** A new link, usable for `days` from the database's now. */
export async function insertPoolLink(
  trx: Db,
  link: {
    orgId: string;
    accountId: string;
    asset: string;
    chain: string;
    partnerName: string;
    tokenHash: Buffer;
    days: number;
    memberId: string;
    language: Language;
  },
): Promise<string> {
  const row = await trx
    .insertInto('custody_pool_partner')
    .values({
      org_id: link.orgId,
      account_id: link.accountId,
      asset: link.asset,
      chain: link.chain,
      partner_name: link.partnerName,
      token_hash: link.tokenHash,
      expires_at: sql<Date>`now() + make_interval(days => ${link.days})`,
      created_by: link.memberId,
      created_language: link.language,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The organisation's links and partners, newest first. */
export function listPoolPartners(trx: Db): Promise<PoolPartnerRow[]> {
  return withNames(trx).orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').execute();
}

export function findPoolPartner(trx: Db, id: string): Promise<PoolPartnerRow | undefined> {
  return withNames(trx).where('p.id', '=', id).executeTakeFirst();
}

/** Open → revoked, in one statement (a partner's confirmation racing it is decided by the row lock); false when it was not open. */
export async function revokePoolLink(trx: Db, id: string, memberId: string): Promise<boolean> {
  const row = await trx
    .updateTable('custody_pool_partner')
    .set({ revoked_at: sql<Date>`statement_timestamp()`, revoked_by: memberId })
    .where('id', '=', id)
    .where('linked_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where(sql<boolean>`expires_at > statement_timestamp()`)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Linked → unlinked; false when it is not linked now. */
export async function unlinkPoolPartner(trx: Db, id: string, memberId: string): Promise<boolean> {
  const row = await trx
    .updateTable('custody_pool_partner')
    .set({ unlinked_at: sql<Date>`statement_timestamp()`, unlinked_by: memberId })
    .where('id', '=', id)
    .where('linked_at', 'is not', null)
    .where('unlinked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** An open link as its partner's page shows it. */
export interface PartnerLinkRow {
  id: string;
  org_id: string;
  org_name: string;
  account_id: string;
  account_name: string;
  asset: string;
  chain: string;
  partner_name: string;
  expires_at: Date;
  created_by: string;
  created_language: Language;
}

/**
 * The open link with this token hash, whatever its organisation (none when unknown, used,
 * revoked or expired): the one deliberate read of a link not fenced to an organisation, since
 * the link is how the partner's page learns which organisation it belongs to. It runs as the
 * application's role and finds one row by the SHA-256 of a 32-byte secret only the link's
 * holder knows; the write that spends it is fenced (`spendPoolLink`).
 */
export function findOpenLinkByHash(db: Db, tokenHash: Buffer): Promise<PartnerLinkRow | undefined> {
  return db
    .selectFrom('custody_pool_partner as p')
    .innerJoin('custody_account as a', (join) => join.onRef('a.id', '=', 'p.account_id').onRef('a.org_id', '=', 'p.org_id'))
    .innerJoin('custody_org as o', 'o.id', 'p.org_id')
    .select([
      'p.id',
      'p.org_id',
      'o.name as org_name',
      'p.account_id',
      'a.name as account_name',
      'p.asset',
      'p.chain',
      'p.partner_name',
      'p.expires_at',
      'p.created_by',
      'p.created_language',
    ])
    .where('p.token_hash', '=', tokenHash)
    .where('p.linked_at', 'is', null)
    .where('p.revoked_at', 'is', null)
    .where(sql<boolean>`p.expires_at > now()`)
    .executeTakeFirst();
}

/**
 * Spends the link: one statement, so of any number of concurrent confirmations (and revokes)
 * exactly one changes it; its expiry is judged at this statement's time. A payout address
 * another partner has linked to the account on the network now fails on the partial unique
 * index (23505). Inside `inOrganisation`.
 */
export async function spendPoolLink(
  trx: Db,
  link: { tokenHash: Buffer; payoutAddress: string; payoutKey: string; contactEmail: string },
): Promise<{ id: string; linked_at: Date } | undefined> {
  return trx
    .updateTable('custody_pool_partner')
    .set({
      linked_at: sql<Date>`statement_timestamp()`,
      payout_address: link.payoutAddress,
      payout_key: link.payoutKey,
      contact_email: link.contactEmail,
    })
    .where('token_hash', '=', link.tokenHash)
    .where('linked_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where(sql<boolean>`expires_at > statement_timestamp()`)
    .returning(['id', 'linked_at'])
    .executeTakeFirst() as Promise<{ id: string; linked_at: Date } | undefined>;
}

/** The partners linked now to any of `accountIds`, with the key their payout address is compared by. Fenced. */
export function linkedPartnersOf(
  trx: Db,
  accountIds: readonly string[],
): Promise<Array<{ id: string; account_id: string; chain: string; payout_key: string }>> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('custody_pool_partner')
    .select(['id', 'account_id', 'chain', sql<string>`payout_key`.as('payout_key')])
    .where('account_id', 'in', accountIds)
    .where('linked_at', 'is not', null)
    .where('unlinked_at', 'is', null)
    .execute();
}

/** The e-mail of the member who made a link (told when its partner links). Fenced. */
export async function memberEmail(trx: Db, memberId: string): Promise<string | undefined> {
  const row = await trx.selectFrom('custody_member').select('email').where('id', '=', memberId).executeTakeFirst();
  return row?.email;
}
