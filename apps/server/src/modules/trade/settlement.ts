import { billTypes } from '@coffer/contract';
import type { DatabaseError } from 'pg';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { LedgerInvariantError, journalRequestHash, type JournalRequest, type Ledger, type Leg } from '../ledger';
import type { QuoteRow } from './quote.service';

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
    if (error instanceof AppError && error.key === 'insufficientBalance') throw new AppError('tradeInsufficientBalance', {}, 'amount');
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
 * The arguments `ledger.post` would pass for this journal (no hold, no note). The request
 * hash must be the ledger's own, so that a replay through `ledger.post` is recognised as the
 * same journal: a test posts one way and replays the other to hold the two together.
 */
export function ledgerPostArguments(journal: JournalRequest): LedgerPostArguments {
  if (journal.note) throw new LedgerInvariantError('trade settlements carry no note');
  if (journal.legs.length === 0 || journal.legs.some((leg) => leg.amount === 0n))
    throw new LedgerInvariantError('a journal needs legs, none of zero');
  const requestHash = journalRequestHash(journal);
  return {
    idempotencyKey: journal.idempotencyKey,
    requestHash,
    billType: journal.billType,
    legs: JSON.stringify(journal.legs.map((leg) => ({ account_id: leg.accountId, bucket: leg.bucket, amount: leg.amount.toString() }))),
  };
}

/**
 * What an error raised by `ledger_post` inside the trade's SQL means: a short balance is the
 * trading error 13010002, a broken ledger rule is an invariant failure (a programming error),
 * anything else (a lost connection, a deadlock) is passed on as it is.
 */
export function settlementError(error: unknown): unknown {
  const pgError = error as Partial<DatabaseError>;
  if (pgError.code === '23514' && pgError.constraint?.startsWith('ledger_account_'))
    return new AppError('tradeInsufficientBalance', {}, 'amount');
  if (pgError.message?.startsWith('LEDGER_')) return new LedgerInvariantError(pgError.message);
  return error;
}
