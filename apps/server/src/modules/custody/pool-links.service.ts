import { createHash, randomBytes } from 'node:crypto';
import {
  checkPoolLinkDays,
  checkPoolPartnerName,
  custodyLimits,
  type CustodyPoolLinkBody,
  type CustodyPoolLinkCreated,
  type CustodyPoolPartner,
  type Language,
} from '@coffer/contract';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { DepositAddressService } from '../deposits';
import { activationOrigin } from '../operators';
import { findAccount } from './accounts.repository';
import type { ConsoleCaller } from './console-guard';
import { recordConsoleAction } from './console-audit';
import { custodyError } from './custody.errors';
import {
  findPoolPartner,
  insertPoolLink,
  listPoolPartners,
  revokePoolLink,
  unlinkPoolPartner,
  type PoolPartnerRow,
} from './pool-partners.repository';
import { inOrganisation } from './tenant-transaction';

/** The SHA-256 a partner link's secret is kept as. */
export function poolLinkTokenHash(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * The partner's page with the link's secret in the fragment: a browser never sends a fragment to
 * a server, so the secret stays out of access logs and `Referer` headers; the page posts it.
 */
export function partnerLinkUrl(origin: string, token: string): string {
  return `${origin}/custody/partner#${token}`;
}

export function poolPartnerView(row: PoolPartnerRow): CustodyPoolPartner {
  const state = row.revoked_at ? 'revoked' : row.unlinked_at ? 'unlinked' : row.linked_at ? 'linked' : row.is_expired ? 'expired' : 'open';
  return {
    id: row.id,
    accountId: row.account_id,
    accountName: row.account_name,
    coin: row.asset,
    chain: row.chain,
    partnerName: row.partner_name,
    state,
    expiresAt: row.expires_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by_name,
    payoutAddress: row.payout_address,
    contactEmail: row.contact_email,
    linkedAt: row.linked_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    unlinkedAt: row.unlinked_at?.toISOString() ?? null,
  };
}

export interface PoolLinksDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'>;
  audit: Pick<AuditApi, 'record'>;
  depositAddresses: Pick<DepositAddressService, 'custodyDepositAddress'> | null;
}

/**
 * The enterprise admin's mining-pool partner links (issue 17 item 11): a link for one of the
 * organisation's accounts, a coin and a network its deposits are open on (the account's deposit
 * address derived now, so the partner's page can always show it), a partner name and a lifetime
 * of 1–30 days. The link's 32-byte secret is answered once and kept only as its SHA-256. Open
 * links are revoked, linked partners unlinked, each in one conditional statement; every action
 * is in the audit log.
 */
export function createPoolLinks(deps: PoolLinksDeps) {
  const { db, audit } = deps;
  const origin = activationOrigin(deps.config);

  async function changed(
    caller: ConsoleCaller,
    id: string,
    change: { action: string; apply: (trx: Db) => Promise<boolean>; refusal: 'custodyPoolLinkNotOpen' | 'custodyPoolPartnerNotLinked' },
  ): Promise<CustodyPoolPartner> {
    return inOrganisation(db, caller.orgId, async (trx) => {
      const before = await findPoolPartner(trx, id);
      if (!before) throw custodyError('noMatchingData', {}, 'id');
      if (!(await change.apply(trx))) throw custodyError(change.refusal);
      const after = poolPartnerView((await findPoolPartner(trx, id))!);
      await recordConsoleAction(audit, trx, caller, {
        action: change.action,
        subject: { kind: 'custodyPoolPartner', id },
        before: poolPartnerView(before),
        after,
      });
      return after;
    });
  }

  return {
    async list(caller: ConsoleCaller): Promise<CustodyPoolPartner[]> {
      return (await inOrganisation(db, caller.orgId, listPoolPartners)).map(poolPartnerView);
    },

    async create(caller: ConsoleCaller, body: CustodyPoolLinkBody, language: Language): Promise<CustodyPoolLinkCreated> {
      const partnerName = body.partnerName.trim();
      if (checkPoolPartnerName(partnerName))
        throw custodyError('custodyPoolPartnerNameInvalid', { max: custodyLimits.poolPartnerNameMaxChars }, 'partnerName');
      const days = body.expiresInDays ?? custodyLimits.poolLinkDefaultDays;
      if (checkPoolLinkDays(days))
        throw custodyError('custodyPoolLinkDaysInvalid', { max: custodyLimits.poolLinkMaxDays }, 'expiresInDays');
      const account = await inOrganisation(db, caller.orgId, (trx) => findAccount(trx, body.accountId));
      if (!account) throw custodyError('noMatchingData', {}, 'accountId');
      if (!deps.depositAddresses) throw custodyError('depositNotAvailable', {}, 'chain');
      // Refuses a coin the network does not carry or whose deposits are closed (depositNotAvailable).
      await deps.depositAddresses.custodyDepositAddress(account.id, { coin: body.coin, chain: body.chain });

      const token = randomBytes(32).toString('base64url');
      const partner = await inOrganisation(db, caller.orgId, async (trx) => {
        const id = await insertPoolLink(trx, {
          orgId: caller.orgId,
          accountId: account.id,
          asset: body.coin,
          chain: body.chain,
          partnerName,
          tokenHash: poolLinkTokenHash(token),
          days,
          memberId: caller.memberId,
          language,
        });
        const view = poolPartnerView((await findPoolPartner(trx, id))!);
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.poolLink.create',
          subject: { kind: 'custodyPoolPartner', id },
          after: view,
        });
        return view;
      });
      return { partner, link: partnerLinkUrl(origin, token) };
    },

    revoke: (caller: ConsoleCaller, id: string) =>
      changed(caller, id, {
        action: 'custody.poolLink.revoke',
        apply: (trx) => revokePoolLink(trx, id, caller.memberId),
        refusal: 'custodyPoolLinkNotOpen',
      }),

    unlink: (caller: ConsoleCaller, id: string) =>
      changed(caller, id, {
        action: 'custody.poolPartner.unlink',
        apply: (trx) => unlinkPoolPartner(trx, id, caller.memberId),
        refusal: 'custodyPoolPartnerNotLinked',
      }),
  };
}

export type PoolLinks = ReturnType<typeof createPoolLinks>;
