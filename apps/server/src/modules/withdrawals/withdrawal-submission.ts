import { createHash, randomInt } from 'node:crypto';
import { billTypes, type WithdrawBody, type WithdrawResult } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { ApiKeyCaller } from '../../platform/http/api-key-request';
import type { IdentityApi } from '../identity';
import type { Ledger } from '../ledger';
import type { SanctionsScreening } from '../sanctions';
import type { ApiKeyWithdrawalRules } from './withdrawal-api-key-rules';
import type { WithdrawalEligibility } from './withdrawal-eligibility';
import { completeWithdrawal, withdrawalJournalKey, withdrawalReference } from './withdrawal-moves';
import type { WithdrawalPlanning, WithdrawalSettings } from './withdrawal-planning';
import { findRequest, insertWithdrawal, lockCustomer, setHold } from './withdrawals.repository';
import { withdrawalError } from './withdrawals.errors';

const secondConfirmationHours = 5;

function newSerialNumber(): string {
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return `WD${day}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
}

function requestHash(coin: string, chain: string, address: string, tag: string | undefined, amount: string): string {
  return createHash('sha256')
    .update(JSON.stringify([coin, chain, address.trim(), tag?.trim() ?? '', amount.trim()]))
    .digest('hex');
}

/** Who submits: the request's IP and, for a signed request, its API key (its own limit and bound addresses apply). */
export interface WithdrawalCaller {
  ip: string;
  apiKey?: ApiKeyCaller | null;
}

export interface WithdrawalSubmission {
  withdraw(
    userId: string,
    params: { coin: string; chain: string },
    body: WithdrawBody,
    caller?: WithdrawalCaller | null,
  ): Promise<WithdrawResult>;
}

/**
 * The submission of a withdrawal: verification, then the withdrawal row and the hold of
 * amount + fee in one transaction, idempotent per request id. An internal withdrawal (another
 * customer's deposit address) that needs no second confirmation moves through the ledger at
 * once, without a chain fee. A destination on a sanctions list is written `underReview`, held
 * the same way and never signed, with the sanctions hold naming the entry in the same
 * transaction; the customer sees only the neutral status.
 */
export function createWithdrawalSubmission(deps: {
  db: Db;
  ledger: Ledger;
  identity: IdentityApi;
  eligibility: Pick<WithdrawalEligibility, 'assertEligible'>;
  planning: WithdrawalPlanning;
  settings: WithdrawalSettings;
  sanctions: Pick<SanctionsScreening, 'screen' | 'openHold'>;
  resultFor: (userId: string, withdrawalId: string) => Promise<WithdrawResult>;
  apiKeyRules: ApiKeyWithdrawalRules;
}): WithdrawalSubmission {
  const { db, ledger, identity, eligibility, settings, resultFor } = deps;
  const { plan, assertWithinLimits } = deps.planning;

  return {
    async withdraw(
      userId: string,
      params: { coin: string; chain: string },
      body: WithdrawBody,
      caller: WithdrawalCaller | null = null,
    ): Promise<WithdrawResult> {
      const requestKey = `withdraw:${userId}:${body.requestId}`;
      const hash = requestHash(params.coin, params.chain, body.address, body.tag, body.amount);
      const earlier = await findRequest(db, requestKey);
      if (earlier) {
        if (earlier.request_hash !== hash) throw withdrawalError('withdrawalRequestMismatch');
        return resultFor(userId, earlier.id);
      }

      const apiKey = caller?.apiKey ?? null;
      // A key bound to address-book entries withdraws to them only: refused before anything else.
      if (apiKey)
        await deps.apiKeyRules.assertDestinationBound(userId, apiKey, { chain: params.chain, address: body.address, tag: body.tag });
      await eligibility.assertEligible(userId);
      const planned = await plan(userId, {
        coin: params.coin,
        chain: params.chain,
        address: body.address,
        amount: body.amount,
        ...(body.tag ? { tag: body.tag } : {}),
      });
      if (planned.destination.needsTagConfirmation && body.confirmEmptyTag !== true)
        throw withdrawalError('tagConfirmationRequired', {}, 'tag');
      await assertWithinLimits(userId, planned);
      if (apiKey) await deps.apiKeyRules.assertWithinKeyLimit(apiKey, planned.cents);
      if (!planned.skipsVerification) {
        if (!body.fundPassword) throw withdrawalError('missingParameter', {}, 'fundPassword');
        await identity.verifyMoneyMove(userId, 'transfer', body.fundPassword, body, caller ? { ip: caller.ip } : null);
      }

      const isLarge = planned.cents > settings.largeWithdrawalCents;
      const { hit } = await deps.sanctions.screen(planned.row.chain, planned.destination.address);
      const total = planned.units + planned.fee;
      const customer = await ledger.customerAccount(userId, planned.row.asset);
      const recipient = planned.destination.innerUserId
        ? await ledger.customerAccount(planned.destination.innerUserId, planned.row.asset)
        : null;

      const withdrawalId = await db.transaction().execute(async (trx) => {
        await lockCustomer(trx, userId);
        // A twin of this request that won the lock.
        const twin = await findRequest(trx, requestKey);
        if (twin) {
          if (twin.request_hash !== hash) throw withdrawalError('withdrawalRequestMismatch');
          return twin.id;
        }
        await assertWithinLimits(userId, planned, trx);
        // The key's 24-hour sum under the same customer lock as the customer's own limit.
        if (apiKey) await deps.apiKeyRules.assertWithinKeyLimit(apiKey, planned.cents, trx);
        const completesNow = planned.isInner && !isLarge && !hit;
        const status = hit ? 'underReview' : isLarge ? 'awaitingConfirmation' : 'processing';
        const insertedId = await insertWithdrawal(trx, {
          serial_no: newSerialNumber(),
          user_id: userId,
          request_key: requestKey,
          request_hash: hash,
          kind: planned.isInner ? 'internal' : 'ordinary',
          asset: planned.row.asset,
          chain: planned.row.chain,
          address: planned.destination.address,
          tag: planned.destination.tag,
          amount: planned.units,
          fee: planned.fee,
          usd_cents: planned.cents,
          recipient_user_id: planned.destination.innerUserId,
          // An internal one completes below, once its journal exists (the row's CHECK).
          status,
          confirm_before: status === 'awaitingConfirmation' ? new Date(Date.now() + secondConfirmationHours * 3_600_000) : null,
          required_confirmations: planned.row.confirmationsToWithdraw,
          // Set below, in this transaction, before it commits.
          journal_id: null,
          api_key_id: apiKey?.id ?? null,
        });
        const reference = withdrawalReference(insertedId);
        if (completesNow && recipient) {
          const posted = await ledger.transfer(
            {
              idempotencyKey: withdrawalJournalKey('internal', insertedId),
              billType: billTypes.transferOut,
              from: customer,
              to: recipient,
              amount: planned.units,
              reference,
            },
            trx,
          );
          await completeWithdrawal(trx, insertedId, 'processing', { journal_id: posted.journalId }, null);
        } else {
          const held = await ledger.hold(
            {
              idempotencyKey: withdrawalJournalKey('hold', insertedId),
              billType: billTypes.withdrawal,
              accountId: customer,
              amount: total,
              reference,
            },
            trx,
          );
          await setHold(trx, insertedId, held.holdId);
          if (hit) {
            await deps.sanctions.openHold(trx, {
              kind: 'withdrawal',
              subjectId: insertedId,
              userId,
              asset: planned.row.asset,
              amount: total,
              chain: planned.row.chain,
              address: planned.destination.address,
              entryId: hit.entryId,
              ledgerHoldId: held.holdId,
            });
          }
        }
        return insertedId;
      });
      return resultFor(userId, withdrawalId);
    },
  };
}
