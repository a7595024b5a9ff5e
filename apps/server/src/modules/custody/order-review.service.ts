import { createHash, randomBytes } from 'node:crypto';
import {
  billTypes,
  custodyOrderLimits,
  type custodyApproveBodySchema,
  type CustodyApprovalOptions,
  type CustodyOrderDetail,
  type Language,
} from '@coffer/contract';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { ChallengeAssertion, ChallengeRefusal, IdentityApi } from '../identity';
import type { Ledger } from '../ledger';
import { recordConsoleAction } from './console-audit';
import type { ConsoleCaller } from './console-guard';
import { hasControlCharacters } from './custody-destinations';
import { custodyError } from './custody.errors';
import type { CustodyWithdrawalOrderTable } from './custody.schema';
import { sqlStateOf } from './console-input';
import { orderDetail, verdictOf } from './order-detail';
import type { OrderNotices } from './order-notices';
import { digestOfRow, refusalOf } from './order-view';
import { approvalsOf, findOrder, insertApproval, lockLineAsset, lockOrder, setOrderState } from './orders.repository';
import { asPlatform, inOrganisation } from './tenant-transaction';

type Caller = Pick<ConsoleCaller, 'orgId' | 'memberId' | 'userId' | 'ip' | 'membership'>;
type OrderState = Selectable<CustodyWithdrawalOrderTable>;

/**
 * The challenge a security key signs to approve an order: SHA-256 of
 * `coffer-custody-approval:<order id>:<digest>:<nonce>` (base64url). The digest binds the
 * approval to the exact payload; the nonce, random per `approvalOptions` call and spent with the
 * challenge, makes each assertion usable once (a replay finds its challenge spent).
 */
export function approvalChallenge(orderId: string, digest: string, nonce: string): string {
  return createHash('sha256').update(`coffer-custody-approval:${orderId}:${digest}:${nonce}`).digest('base64url');
}

const refusalErrors = {
  otherChallenge: 'custodyApprovalPayloadMismatch',
  spent: 'custodyApprovalSignatureReused',
  notYourKey: 'custodyApprovalKeyNotYours',
  invalid: 'custodyApprovalSignatureRequired',
} as const satisfies Record<ChallengeRefusal, string>;

export interface OrderReview {
  /** WebAuthn request options over the order's digest, for an approval by the caller's security key. */
  approvalOptions(caller: Caller, id: string): Promise<CustodyApprovalOptions>;
  approve(caller: Caller, id: string, body: z.output<typeof custodyApproveBodySchema>, language: Language): Promise<CustodyOrderDetail>;
  reject(caller: Caller, id: string, opinion: string, language: Language): Promise<CustodyOrderDetail>;
}

function checkedOpinion(opinion: string, required: boolean): string {
  const trimmed = opinion.trim();
  if ((required && trimmed === '') || [...trimmed].length > custodyOrderLimits.opinionMaxChars || hasControlCharacters(trimmed))
    throw custodyError('custodyOpinionInvalid', { max: custodyOrderLimits.opinionMaxChars }, 'opinion');
  return trimmed;
}

/**
 * Reviewing withdrawal orders (issue 18 items 2–3): an eligible reviewer of the order's line (an
 * active member holding `review`, listed on the line, not the submitter, once) approves the
 * digest it was shown — signed by its security key over a challenge derived from the digest
 * (required where the organisation requires hardware keys), else with its second factor — or
 * rejects with an opinion. The submitter is e-mailed once the quorum is in, or the rejection. Each decision runs
 * with the order's row locked, so concurrent approvals are counted one after another and the
 * quorum completes once; the approval that completes it re-checks every policy rule under the
 * line's lock first. A rejection releases the hold in full (no fee).
 */
export function createOrderReview(deps: {
  db: Db;
  assets: Pick<AssetsApi, 'scaleOf' | 'chainSettings'>;
  identity: Pick<
    IdentityApi,
    'verifySecondFactor' | 'passkeyHolders' | 'passkeyOptionsForChallenge' | 'verifyPasskeyAssertionForChallenge'
  >;
  ledger: Pick<Ledger, 'custodyAccount' | 'releaseHold'>;
  audit: Pick<AuditApi, 'record'>;
  notices: OrderNotices;
}): OrderReview {
  const { db, assets, ledger, audit, notices } = deps;

  async function assertHasKey(caller: Caller): Promise<void> {
    if (!(await deps.identity.passkeyHolders([caller.userId])).has(caller.userId)) throw custodyError('custodyHardwareKeyRequired');
  }

  /**
   * How the approval is confirmed: an assertion over the order's digest-derived challenge when
   * one is given (required where the organisation requires hardware keys), else the member's
   * second factor. Every refusal is counted by identity's attempt limiter; nothing is written.
   */
  async function confirm(
    caller: Caller,
    order: OrderState,
    body: z.output<typeof custodyApproveBodySchema>,
  ): Promise<ChallengeAssertion | null> {
    if (body.passkey && body.nonce) {
      const checked = await deps.identity.verifyPasskeyAssertionForChallenge(
        caller.userId,
        'custody-approval',
        approvalChallenge(order.id, order.digest, body.nonce),
        body.passkey,
        { ip: caller.ip },
      );
      if (checked.refused !== null) throw custodyError(refusalErrors[checked.refused], {}, 'passkey');
      return checked.assertion;
    }
    if (caller.membership.require_hardware_key) {
      await assertHasKey(caller);
      throw custodyError('custodyApprovalSignatureRequired', {}, 'passkey');
    }
    await deps.identity.verifySecondFactor(caller.userId, 'transfer', body, { ip: caller.ip });
    return null;
  }

  /** Refuses a decision the caller may not make on `order` now, each with its code. */
  async function assertMayDecide(trx: Db, order: OrderState | undefined, caller: Caller, scale: number): Promise<OrderState> {
    if (!order) throw custodyError('noMatchingData', {}, 'id');
    if (order.state !== 'pending_review' && order.state !== 'reviewing') throw custodyError('custodyOrderNotOpen');
    if (order.submitter_member_id === caller.memberId) throw custodyError('custodyOrderOwnApproval');
    const [verdict, decisions] = await Promise.all([verdictOf(trx, order, scale), approvalsOf(trx, order.id)]);
    if (!verdict?.eligibleIds.includes(caller.memberId)) throw custodyError('custodyNotLineReviewer');
    if (decisions.some((decision) => decision.member_id === caller.memberId)) throw custodyError('custodyOrderAlreadyDecided');
    if (digestOfRow(order) !== order.digest) throw custodyError('custodyOrderDigestMismatch');
    return order;
  }

  async function decide(
    trx: Db,
    order: OrderState,
    caller: Caller,
    decision: 'approve' | 'reject',
    opinion: string,
    signed: ChallengeAssertion | null = null,
  ): Promise<void> {
    try {
      await insertApproval(trx, {
        org_id: caller.orgId,
        order_id: order.id,
        member_id: caller.memberId,
        submitter_member_id: order.submitter_member_id,
        decision,
        opinion,
        digest: order.digest,
        ...(signed
          ? {
              method: 'passkey' as const,
              credential_id: signed.credentialId,
              credential_name: signed.credentialName,
              signature: signed.signature,
              authenticator_data: signed.authenticatorData,
              client_data_json: signed.clientDataJSON,
            }
          : {}),
      });
    } catch (error) {
      if (sqlStateOf(error) === '23505') throw custodyError('custodyOrderAlreadyDecided');
      if (sqlStateOf(error) === '23514') throw custodyError('custodyOrderOwnApproval');
      throw error;
    }
  }

  async function detailOf(caller: Caller, id: string, language: Language): Promise<CustodyOrderDetail> {
    const detail = await inOrganisation(db, caller.orgId, (trx) => orderDetail(trx, id, assets, language));
    if (!detail) throw custodyError('noMatchingData', {}, 'id');
    return detail;
  }

  return {
    async approvalOptions(caller, id) {
      const found = await inOrganisation(db, caller.orgId, (trx) => findOrder(trx, id));
      const scale = found ? await assets.scaleOf(found.asset) : 0;
      const order = await inOrganisation(db, caller.orgId, (trx) => assertMayDecide(trx, found, caller, scale));
      await assertHasKey(caller);
      const nonce = randomBytes(18).toString('base64url');
      const publicKey = await deps.identity.passkeyOptionsForChallenge(
        caller.userId,
        'custody-approval',
        approvalChallenge(order.id, order.digest, nonce),
      );
      return { digest: order.digest, nonce, publicKey };
    },

    async approve(caller, id, body, language) {
      const opinion = checkedOpinion(body.opinion, false);
      const found = await inOrganisation(db, caller.orgId, (trx) => findOrder(trx, id));
      const scale = found ? await assets.scaleOf(found.asset) : 0;
      const shown = await inOrganisation(db, caller.orgId, (trx) => assertMayDecide(trx, found, caller, scale));
      if (body.digest !== shown.digest) throw custodyError('custodyOrderDigestMismatch', {}, 'digest');
      const signed = await confirm(caller, shown, body);

      const complete = await inOrganisation(db, caller.orgId, async (trx) => {
        const order = await assertMayDecide(trx, await lockOrder(trx, id), caller, scale);
        if (order.digest !== body.digest) throw custodyError('custodyOrderDigestMismatch', {}, 'digest');
        await decide(trx, order, caller, 'approve', opinion, signed);
        await lockLineAsset(trx, caller.orgId, order.line_id, order.asset);
        const verdict = await verdictOf(trx, order, scale);
        if (!verdict) throw new Error(`order ${id} has no business line`);
        if (verdict.verdict === 'refused') {
          const refusal = refusalOf(verdict, scale);
          throw custodyError(refusal.key, refusal.params);
        }
        const complete = verdict.verdict === 'pass';
        await setOrderState(trx, order.id, complete ? 'sending' : 'reviewing');
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.order.approve',
          subject: { kind: 'custodyOrder', id: order.id },
          after: {
            digest: order.digest,
            opinion,
            method: signed ? 'passkey' : 'secondFactor',
            credentialId: signed?.credentialId ?? null,
            counted: verdict.counted,
            required: verdict.required,
            state: complete ? 'sending' : 'reviewing',
          },
        });
        return complete;
      });
      if (complete) await notices.orderDecided(caller.orgId, id, { outcome: 'approved' }, language);
      return detailOf(caller, id, language);
    },

    async reject(caller, id, rawOpinion, language) {
      const opinion = checkedOpinion(rawOpinion, true);
      const found = await inOrganisation(db, caller.orgId, (trx) => findOrder(trx, id));
      if (!found) throw custodyError('noMatchingData', {}, 'id');
      const scale = await assets.scaleOf(found.asset);
      const ledgerAccount = await ledger.custodyAccount(found.account_id, found.asset);
      await inOrganisation(db, caller.orgId, async (trx) => {
        const order = await assertMayDecide(trx, await lockOrder(trx, id), caller, scale);
        await decide(trx, order, caller, 'reject', opinion);
        await setOrderState(trx, order.id, 'rejected');
        await asPlatform(trx, () =>
          ledger.releaseHold(
            {
              idempotencyKey: `custody-order:${order.id}:release`,
              billType: billTypes.withdrawal,
              holdId: order.hold_id,
              accountId: ledgerAccount,
              amount: BigInt(order.amount) + BigInt(order.fee),
              reference: { type: 'custodyOrder', id: order.id },
            },
            trx,
          ),
        );
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.order.reject',
          subject: { kind: 'custodyOrder', id: order.id },
          after: { opinion },
        });
      });
      const reviewer = await inOrganisation(db, caller.orgId, (trx) =>
        trx.selectFrom('custody_member').select('name').where('id', '=', caller.memberId).executeTakeFirst(),
      );
      await notices.orderDecided(caller.orgId, id, { outcome: 'rejected', reviewer: reviewer?.name ?? '', opinion }, language);
      return detailOf(caller, id, language);
    },
  };
}
