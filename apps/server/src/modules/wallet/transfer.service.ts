import { createHash } from 'node:crypto';
import {
  billTypes,
  fromBaseUnits,
  toBaseUnits,
  type InnerAddressQuery,
  type Language,
  type SecondFactor,
  type TransferBody,
  type TransferRecipient,
  type TransferRecord,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { walletError } from './wallet.errors';
import type { IdentityApi } from '../identity';
import { createLedgerReads, type Ledger } from '../ledger';
import type { WithdrawalDestinations } from '../withdrawals';
import type { AssetsApi } from '../assets';
import { createTransferRecords } from './transfer-records';
import { createTransferRequests, TransferClaimLost } from './transfer-requests';
import { insertTransfer } from './transfer.repository';

/** What a transfer request asks for; the fund password and codes are not part of it. */
function payloadHash(params: { coin: string; receiver: string }, body: TransferBody): string {
  return createHash('sha256')
    .update(JSON.stringify([params.coin.trim().toUpperCase(), params.receiver.trim(), body.amount.trim(), body.note?.trim() ?? '']))
    .digest('hex');
}

/** What the transfer form asks before the transfer (spec §7 `preTransfer`). */
export interface PreTransfer {
  coin: string;
  amount: string;
  fee: string;
  available: string;
  receiverMasked: string;
  secondFactor: SecondFactor;
}

export interface TransferService {
  /** Whether a blockchain address (with its XRP tag) is a Coffer deposit address; never whose. */
  isInnerAddress(address: string, query: InnerAddressQuery): Promise<{ isInner: boolean }>;
  /** The transfer form's receiver check: a customer or not, and masked. Spends one lookup. */
  recipient(userId: string, receiver: string): Promise<TransferRecipient>;
  preTransfer(userId: string, input: { coin: string; amount: string; receiver: string }): Promise<PreTransfer>;
  sendCode(userId: string, caller: { language: Language; ip: string }): Promise<{ resendAfterSeconds: number }>;
  /** One transfer per request id: every retry answers the same record. */
  transfer(userId: string, params: { coin: string; receiver: string }, body: TransferBody, caller: { ip: string }): Promise<TransferRecord>;
  records(userId: string, page: { pageNo: number; pageSize: number }): Promise<TransferRecord[]>;
}

/**
 * Internal transfers between Coffer customers (spec §1, §7): no chain fee, the fund
 * password and a second factor, the 24-hour security lock and "cannot transfer to self".
 * The ledger journal and the transfer record are written in one transaction, once per
 * request id (see transfer-requests.ts). Whether a receiver is a customer, and their masked
 * account, is told only to a signed-in customer within their recipient-lookup quota.
 */
export function createTransferService(deps: {
  db: Db;
  ledger: Ledger;
  assets: AssetsApi;
  identity: IdentityApi;
  /** The chain rules and deposit-address owners of withdrawals (internal destinations). */
  destinations: Pick<WithdrawalDestinations, 'validate' | 'depositAddressOwner'>;
}): TransferService {
  const { db, ledger, assets, identity, destinations } = deps;
  const ledgerReads = createLedgerReads(db);
  const requests = createTransferRequests(db);
  const transferRecords = createTransferRecords({ db, assets, identity, ledgerReads });
  const { recordFor } = transferRecords;

  async function parseAmount(coin: string, amount: string) {
    const asset = await assets.get(coin);
    let units: bigint;
    try {
      units = toBaseUnits(amount, asset.scale);
    } catch {
      throw walletError('invalidParameter', {}, 'amount');
    }
    if (units <= 0n) throw walletError('invalidParameter', {}, 'amount');
    return { asset, units };
  }

  async function recipientFor(userId: string, receiver: string, quota: { userId: string } | null) {
    const recipient = await identity.findCustomer(receiver, quota);
    if (!recipient) throw walletError('userNotFound', {}, 'receiver');
    if (recipient.userId === userId) throw walletError('cannotTransferToSelf', {}, 'receiver');
    return recipient;
  }

  async function availableOf(userId: string, coin: string): Promise<bigint> {
    return ledgerReads.availableOf(userId, coin);
  }

  /** One attempt of a claimed request: checks, verification, then the transfer in one transaction. */
  async function attempt(
    userId: string,
    params: { coin: string; receiver: string },
    body: TransferBody,
    caller: { ip: string },
    requestKey: string,
    claimed: number,
  ): Promise<string> {
    const { asset, units } = await parseAmount(params.coin, body.amount);
    await identity.assertNotSecurityLocked(userId);
    if ((await availableOf(userId, asset.code)) < units) throw walletError('insufficientBalance', {}, 'amount');
    await identity.verifyMoneyMove(userId, 'transfer', body.fundPassword, body, caller);
    // Only now, with the fund password and second factor proven, does the answer say whether
    // the receiver exists: this call is no free oracle beside the limited receiver check.
    const recipient = await recipientFor(userId, params.receiver, null);

    const from = await ledger.customerAccount(userId, asset.code);
    const to = await ledger.customerAccount(recipient.userId, asset.code);
    return db.transaction().execute(async (trx) => {
      await requests.hold(trx, requestKey, claimed);
      const posted = await ledger.transfer(
        {
          idempotencyKey: requestKey,
          billType: billTypes.transferOut,
          from,
          to,
          amount: units,
          reference: { type: 'transfer', id: body.requestId },
          ...(body.note ? { note: body.note } : {}),
        },
        trx,
      );
      const transferId = await insertTransfer(trx, {
        requestKey,
        fromUserId: userId,
        toUserId: recipient.userId,
        asset: asset.code,
        units,
        note: body.note ?? '',
        journalId: posted.journalId,
      });
      await requests.complete(trx, requestKey, transferId);
      return transferId;
    });
  }

  return {
    /**
     * Whether a blockchain address (with its XRP destination tag) is a Coffer deposit address.
     * Anonymous, so it answers only that: never whose, and nothing about accounts.
     */
    async isInnerAddress(address: string, query: InnerAddressQuery) {
      const valid = destinations.validate(query.chain, address, query.tag);
      return { isInner: (await destinations.depositAddressOwner(query.chain, valid.address, valid.tag)) !== null };
    },

    /** The transfer form's receiver check: a customer or not, and masked. Spends one lookup. */
    async recipient(userId: string, receiver: string): Promise<TransferRecipient> {
      const found = await identity.findCustomer(receiver, { userId });
      if (!found) return { isCustomer: false, receiverMasked: null };
      if (found.userId === userId) throw walletError('cannotTransferToSelf', {}, 'receiver');
      return { isCustomer: true, receiverMasked: found.masked };
    },

    async preTransfer(userId: string, input: { coin: string; amount: string; receiver: string }) {
      const { asset, units } = await parseAmount(input.coin, input.amount);
      const recipient = await recipientFor(userId, input.receiver, { userId });
      await identity.assertNotSecurityLocked(userId);
      const available = await availableOf(userId, asset.code);
      if (available < units) throw walletError('insufficientBalance', {}, 'amount');
      return {
        coin: asset.code,
        amount: fromBaseUnits(units, asset.scale),
        fee: '0',
        available: fromBaseUnits(available, asset.scale),
        receiverMasked: recipient.masked,
        secondFactor: await identity.preferredFactor(userId),
      };
    },

    sendCode: (userId: string, caller: { language: Language; ip: string }) => identity.sendFactorCode(userId, 'transfer', caller),

    /**
     * Every retry of one request id answers the same record; a replay is recognised by its
     * payload before anything is verified, so it never counts as a failed attempt.
     */
    async transfer(
      userId: string,
      params: { coin: string; receiver: string },
      body: TransferBody,
      caller: { ip: string },
    ): Promise<TransferRecord> {
      const requestKey = `transfer:${userId}:${body.requestId}`;
      const hash = payloadHash(params, body);
      for (;;) {
        const claim = await requests.claim(requestKey, userId, hash);
        if (claim.kind === 'done') return recordFor(claim.transferId, userId);
        let transferId: string;
        try {
          transferId = await attempt(userId, params, body, caller, requestKey, claim.attempt);
        } catch (error) {
          // Taken over after running too long: the attempt that took it answers.
          if (error instanceof TransferClaimLost) continue;
          // Should recording the failure fail too, the claim frees itself once stale; the cause is what the caller hears.
          await requests.fail(requestKey, claim.attempt, error).catch(() => undefined);
          throw error;
        }
        return recordFor(transferId, userId);
      }
    },

    records: transferRecords.records,
  };
}
