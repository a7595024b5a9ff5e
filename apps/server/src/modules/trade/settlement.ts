import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { databaseErrorOf } from '../../platform/db/database-errors';
import { DomainError } from '../../platform/errors/domain-error';
import { tradeError } from './trade.errors';
import { LedgerInvariantError, ledgerPostCall, ledgerRefusalOf, type JournalRequest, type Ledger, type Leg } from '../ledger';
import type { QuoteRow } from './quote.repository';

/** Platform account purposes: the desk is every trade's counterparty, fees go to their own account. */
export const deskPurpose = 'desk';
export const feePurpose = 'fees';

/** The ledger journal that settles a spot order (immediate or through the channel). */
export const orderJournalKey = (orderId: string) => `trade:order:${orderId}`;

/** A trade is billed as a buy (2007) or a sell (2008) of the base coin. */
export const tradeBillType = (side: QuoteRow['side']) => (side === 'buy' ? billTypes.tradeBuy : billTypes.tradeSell);

/** What the customer pays for a quote: the coin and its amount in base units. */
export function paymentOf(row: QuoteRow): { coin: string; amount: bigint } {
  return row.side === 'buy'
    ? { coin: row.quote_asset, amount: BigInt(row.quote_amount) }
    : { coin: row.base_asset, amount: BigInt(row.base_amount) };
}

/**
 * The journal of a quote's exchange: the customer pays from available to the desk; the desk
 * delivers the coin bought, less the fee, which goes to the fee account. Buy → bill 2007,
 * sell → 2008. Accounts are resolved here, before any transaction is opened, so a
 * transaction never waits for a second pool connection.
 */
export async function settlementJournal(
  ledger: Ledger,
  input: { row: QuoteRow; userId: string; idempotencyKey: string; reference: { type: string; id: string } },
): Promise<JournalRequest> {
  const { row, userId } = input;
  const isBuy = row.side === 'buy';
  const { coin: payCoin, amount: payAmount } = paymentOf(row);
  const receiveCoin = isBuy ? row.base_asset : row.quote_asset;
  const grossReceive = BigInt(isBuy ? row.base_amount : row.quote_amount);
  const fee = BigInt(row.fee);
  const [customerPays, customerReceives, deskGets, deskGives, feeAccount] = await Promise.all([
    ledger.customerAccount(userId, payCoin),
    ledger.customerAccount(userId, receiveCoin),
    ledger.platformAccount(deskPurpose, payCoin),
    ledger.platformAccount(deskPurpose, receiveCoin),
    ledger.platformAccount(feePurpose, receiveCoin),
  ]);
  const legs: Leg[] = [
    { accountId: customerPays, bucket: 'available', amount: -payAmount },
    { accountId: deskGets, bucket: 'available', amount: payAmount },
    { accountId: deskGives, bucket: 'available', amount: -grossReceive },
    { accountId: customerReceives, bucket: 'available', amount: grossReceive - fee },
  ];
  if (fee > 0n) legs.push({ accountId: feeAccount, bucket: 'available', amount: fee });
  return { idempotencyKey: input.idempotencyKey, billType: tradeBillType(row.side), reference: input.reference, legs };
}

/** Posts the journal on the caller's transaction; a short balance is the trading error 13010002. */
export async function postSettlement(ledger: Ledger, journal: JournalRequest, executor: Db) {
  try {
    return await ledger.post(journal, executor);
  } catch (error) {
    if (error instanceof DomainError && error.key === 'insufficientBalance') throw tradeError('tradeInsufficientBalance', {}, 'amount');
    throw error;
  }
}

/** A journal as the arguments of `ledger_post`, for the trade's own SQL that calls it. */
export interface LedgerPostArguments {
  idempotencyKey: string;
  requestHash: string;
  billType: number;
  /** `[{account_id, bucket, amount}]` with amounts as decimal strings. */
  legs: string;
}

/**
 * The arguments `ledger.post` would pass for this journal (no hold, no note), built by the
 * ledger's own `ledgerPostCall`, so that a replay through `ledger.post` is recognised as the
 * same journal: a test posts one way and replays the other to hold the two together.
 */
export function ledgerPostArguments(journal: JournalRequest): LedgerPostArguments {
  if (journal.note) throw new LedgerInvariantError('trade settlements carry no note');
  const call = ledgerPostCall(journal);
  return { idempotencyKey: call.key, requestHash: call.hash, billType: call.billType, legs: JSON.stringify(call.legs) };
}

/**
 * What an error raised by `ledger_post` inside the trade's SQL means (as the ledger reads
 * it): a short balance is the trading error 13010002; any other refusal is a broken rule, an
 * invariant failure (a settlement resolves no hold, and its key is its order's own, so a
 * conflicting replay is a programming error too); anything else (a lost connection, a
 * deadlock) is passed on as it is.
 */
export function settlementError(error: unknown): unknown {
  const refusal = ledgerRefusalOf(error);
  if (refusal === undefined) return error;
  if (refusal === 'insufficientBalance') return tradeError('tradeInsufficientBalance', {}, 'amount');
  return new LedgerInvariantError(databaseErrorOf(error).message);
}
