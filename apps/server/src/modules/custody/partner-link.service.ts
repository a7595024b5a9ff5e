import {
  isEmailAddress,
  normaliseEmail,
  type CustodyPartnerConfirmBody,
  type CustodyPartnerLink,
  type CustodyPartnerLinked,
  type Language,
} from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import type { AuditApi } from '../audit';
import type { DepositAddressService } from '../deposits';
import type { AttemptLimiter, AttemptPolicy } from '../identity';
import { addressKey } from '../sanctions';
import { sqlStateOf } from './console-input';
import type { CustodyDestinations } from './custody-destinations';
import { custodyError } from './custody.errors';
import { custodyMessage } from './custody-messages';
import { poolLinkTokenHash } from './pool-links.service';
import { findOpenLinkByHash, memberEmail, spendPoolLink, type PartnerLinkRow } from './pool-partners.repository';
import { asPlatform, inOrganisation } from './tenant-transaction';

/**
 * Looking up a partner link by its secret, per IP address: a lookup that finds no open link
 * spends a slot, one that finds it gives its slot back; 20 misses in 15 minutes lock the address
 * out for 15 minutes. Guessing a 256-bit secret is hopeless anyway; this keeps anyone from trying.
 */
export const partnerLinkByIp: AttemptPolicy = {
  scope: 'custody-partner-link:ip',
  maxFailures: 20,
  windowMinutes: 15,
  lockMinutes: 15,
  onSuccess: 'refund',
};

export interface PartnerLinkDeps {
  db: Db;
  audit: Pick<AuditApi, 'record'>;
  messenger: Messenger;
  limiter: Pick<AttemptLimiter, 'reserve' | 'succeeded' | 'failed'>;
  destinations: CustodyDestinations;
  depositAddresses: Pick<DepositAddressService, 'custodyDepositAddress'> | null;
}

export interface PartnerCaller {
  ip: string;
  userAgent: string;
  language: Language;
}

/** A refusal of the chain's address rules, named as the partner's field. */
function asPayoutAddressError(error: unknown): unknown {
  if (error instanceof DomainError && error.field === 'address') {
    return custodyError(error.key as Parameters<typeof custodyError>[0], error.params, 'payoutAddress');
  }
  return error;
}

/**
 * The mining-pool partner's page (issue 17 item 11), without a login: the link's secret shows
 * whose custody account the partner pays into and where to send payouts, and spends once to link
 * the partner's payout address (valid for the network by the address book's rules) with a
 * contact e-mail. An unknown, used, expired or revoked link answers custodyPoolLinkInvalid
 * alike, naming no organisation; 100 confirmations of one link link it once (one conditional
 * statement). The member who made the link and the partner's contact are e-mailed after commit.
 */
export function createPartnerLinks(deps: PartnerLinkDeps) {
  const { db, limiter } = deps;

  /** The open link of `token`, counted against the caller's address (locked out: tooManyRequests). */
  async function openLink(token: string, caller: PartnerCaller): Promise<PartnerLinkRow> {
    const checks = [{ policy: partnerLinkByIp, subject: caller.ip }];
    const reservations = await limiter.reserve(checks).catch((error: unknown) => {
      if (error instanceof DomainError && error.key === 'accountLocked') throw custodyError('tooManyRequests');
      throw error;
    });
    let link: PartnerLinkRow | undefined;
    try {
      link = await findOpenLinkByHash(db, poolLinkTokenHash(token));
    } finally {
      if (link) await limiter.succeeded(reservations);
      else {
        // The slot stays spent; the lock a last miss starts answers the next lookup.
        try {
          limiter.failed(reservations);
        } catch {
          // accountLocked: this answer stays the link's refusal.
        }
      }
    }
    if (!link) throw custodyError('custodyPoolLinkInvalid');
    return link;
  }

  async function depositAddressOf(link: PartnerLinkRow) {
    if (!deps.depositAddresses) throw custodyError('depositNotAvailable', {}, 'chain');
    return deps.depositAddresses.custodyDepositAddress(link.account_id, { coin: link.asset, chain: link.chain });
  }

  /** What the partner's page shows of a link and where payouts go, before and after linking. */
  function whereToPay(link: PartnerLinkRow, address: Awaited<ReturnType<typeof depositAddressOf>>) {
    return {
      organisationName: link.org_name,
      accountName: link.account_name,
      partnerName: link.partner_name,
      coin: link.asset,
      chain: link.chain,
      depositAddress: address.address,
      memo: address.memo,
      minDeposit: address.minDeposit,
      confirmationsToCredit: address.confirmationsToCredit,
    };
  }

  async function tellLinked(
    link: PartnerLinkRow,
    facts: Record<string, string>,
    creator: string | undefined,
    contact: string,
    language: Language,
  ) {
    const notices = [
      ...(creator ? [{ to: creator, ...custodyMessage('poolLinked', link.created_language, facts) }] : []),
      { to: contact, ...custodyMessage('poolLinkedPartner', language, facts) },
    ];
    await Promise.all(notices.map((notice) => deps.messenger.send({ channel: 'email', ...notice }).catch(() => undefined)));
  }

  return {
    async view(token: string, caller: PartnerCaller): Promise<CustodyPartnerLink> {
      const link = await openLink(token, caller);
      const address = await depositAddressOf(link);
      return {
        ...whereToPay(link, address),
        qrCode: address.qrCode,
        expiresAt: link.expires_at.toISOString(),
      };
    },

    async confirm(body: CustodyPartnerConfirmBody, caller: PartnerCaller): Promise<CustodyPartnerLinked> {
      const link = await openLink(body.token, caller);
      const payout = await deps.destinations
        .check({ asset: link.asset, chain: link.chain, address: body.payoutAddress })
        .catch((error: unknown) => {
          throw asPayoutAddressError(error);
        });
      const email = normaliseEmail(body.email);
      if (!isEmailAddress(email)) throw custodyError('emailOrPhoneFormat', {}, 'email');
      const address = await depositAddressOf(link);

      const { linkedAt, creator } = await inOrganisation(db, link.org_id, async (trx) => {
        const spent = await spendPoolLink(trx, {
          tokenHash: poolLinkTokenHash(body.token),
          payoutAddress: payout.address,
          payoutKey: addressKey(link.chain, payout.address),
          contactEmail: email,
        }).catch((error: unknown) => {
          if (sqlStateOf(error) === '23505') throw custodyError('custodyPoolAddressTaken', {}, 'payoutAddress');
          throw error;
        });
        if (!spent) throw custodyError('custodyPoolLinkInvalid');
        await asPlatform(trx, () =>
          deps.audit.record(trx, {
            // The partner has no account: the link it spent is who acted.
            actor: { kind: 'system', id: `custody-pool-partner:${link.id}`, name: link.partner_name },
            ip: caller.ip,
            userAgent: caller.userAgent,
            action: 'custody.poolPartner.link',
            subject: { kind: 'custodyPoolPartner', id: link.id },
            after: { accountId: link.account_id, coin: link.asset, chain: link.chain, payoutAddress: payout.address, contactEmail: email },
          }),
        );
        return { linkedAt: spent.linked_at, creator: await memberEmail(trx, link.created_by) };
      });

      const facts = {
        partner: link.partner_name,
        company: link.org_name,
        account: link.account_name,
        coin: link.asset,
        chain: link.chain,
        payout: payout.address,
        deposit: address.memo === null ? address.address : `${address.address} (tag ${address.memo})`,
      };
      await tellLinked(link, facts, creator, email, caller.language);
      return {
        ...whereToPay(link, address),
        payoutAddress: payout.address,
        linkedAt: linkedAt.toISOString(),
      };
    },
  };
}

export type PartnerLinks = ReturnType<typeof createPartnerLinks>;
