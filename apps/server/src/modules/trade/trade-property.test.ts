import type { SpotOrderStatus } from '@coffer/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { DomainError } from '../../platform/errors/domain-error';
import { orderJournalKey } from './order.service';
import { ledgerInvariants, tradeFixture, type TradeFixture } from '../../../test/trade-kit';
import { orderTransitions } from './trade-states';

let database: TestDatabase;
let kit: TradeFixture;
let customers: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  kit = await tradeFixture(database);
  customers = [
    (await kit.customer({ USDT: 3_000_000_000n, BTC: 5_000_000n, ETH: 10n ** 18n })).userId,
    (await kit.customer({ USDT: 500_000_000n })).userId,
  ];
});

afterAll(async () => {
  await kit.app.close();
  await database.drop();
});

type Command =
  | { kind: 'quote'; who: number; pair: 'BTC/USDT' | 'ETH/USDT'; side: 'buy' | 'sell'; amountIn: 'base' | 'quote'; amount: number }
  | { kind: 'pay'; order: number; concurrent: boolean }
  | { kind: 'cancel'; order: number }
  | { kind: 'wait'; ms: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant('quote' as const),
    who: fc.integer({ min: 0, max: 1 }),
    pair: fc.constantFrom('BTC/USDT' as const, 'ETH/USDT' as const),
    side: fc.constantFrom('buy' as const, 'sell' as const),
    amountIn: fc.constantFrom('base' as const, 'quote' as const),
    amount: fc.integer({ min: 1, max: 4000 }),
  }),
  fc.record({ kind: fc.constant('pay' as const), order: fc.nat(30), concurrent: fc.boolean() }),
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(30) }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 12_000 }) }),
);

/** What each customer should hold: start balances plus every completed order's exchange. */
async function balances(): Promise<Map<string, bigint>> {
  const rows = await sql<{ key: string; available: string }>`
    select owner_ref || ':' || asset as key, available::text as available from ledger_account where owner_type = 'customer'`.execute(
    database.db,
  );
  return new Map(rows.rows.map((row) => [row.key, BigInt(row.available)]));
}

const legalStatuses = new Set(Object.keys(orderTransitions));
const allowedErrors = new Set([
  'quoteExpired',
  'illegalOrderTransition',
  'tradeInsufficientBalance',
  'tradeAmountTooSmall',
  'tradeAmountTooLarge',
]);

describe('trading keeps the ledger whole', () => {
  it('any sequence of quotes, pays and cancels keeps the invariants and legal order states', async () => {
    const outcomes = { completed: 0, cancelled: 0, pendingPayment: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 18 }), async (commands) => {
        const start = await balances();
        const expected = new Map(start);
        const orders: Array<{ orderNo: string; userId: string }> = [];
        const seen = new Map<string, SpotOrderStatus>();

        for (const step of commands) {
          try {
            if (step.kind === 'wait') kit.clock.advance(step.ms);
            else if (step.kind === 'quote') {
              const userId = customers[step.who]!;
              const [base] = step.pair.split('/') as [string];
              const amount =
                step.amountIn === 'base' ? (base === 'BTC' ? `0.000${step.amount}` : `0.0${step.amount}`) : String(step.amount);
              const quote = await kit.trade.services.quotes.quote(userId, {
                pair: step.pair,
                side: step.side,
                amount,
                amountCoin: step.amountIn === 'base' ? base : 'USDT',
              });
              const order = await kit.trade.services.orders.place(userId, quote.quoteId);
              orders.push({ orderNo: order.orderNo, userId });
            } else if (orders.length > 0) {
              const target = orders[step.order % orders.length]!;
              if (step.kind === 'cancel') await kit.trade.services.orders.cancel(target.userId, target.orderNo);
              else {
                const pays = step.concurrent ? 3 : 1;
                const results = await Promise.allSettled(
                  Array.from({ length: pays }, () => kit.trade.services.orders.pay(target.userId, target.orderNo)),
                );
                for (const result of results) {
                  if (result.status === 'rejected') throw result.reason;
                }
              }
            }
          } catch (error) {
            if (!(error instanceof DomainError) || !allowedErrors.has(error.key)) throw error;
          }
        }

        // The model: every order completed in this run moved exactly its quote's amounts.
        for (const { orderNo, userId } of orders) {
          const detail = await kit.trade.services.orders.detail(userId, orderNo);
          seen.set(orderNo, detail.status);
          expect(legalStatuses.has(detail.status)).toBe(true);
          const journals = await database.db
            .selectFrom('journal')
            .select('id')
            .where('idempotency_key', '=', orderJournalKey(orderNo))
            .execute();
          expect(journals).toHaveLength(detail.status === 'completed' ? 1 : 0);
          expect(detail.receipt.journalId !== null).toBe(detail.status === 'completed');
          if (detail.status !== 'completed') continue;
          const scaleOf = (coin: string) => ({ BTC: 8, ETH: 18, USDT: 6 })[coin as 'BTC' | 'ETH' | 'USDT'];
          const units = (value: string, coin: string) => {
            const [whole = '0', fraction = ''] = value.split('.');
            return BigInt(whole) * 10n ** BigInt(scaleOf(coin)) + BigInt(fraction.padEnd(scaleOf(coin), '0') || '0');
          };
          const payKey = `${userId}:${detail.payCoin}`;
          const receiveKey = `${userId}:${detail.receiveCoin}`;
          expected.set(payKey, (expected.get(payKey) ?? 0n) - units(detail.payAmount, detail.payCoin));
          expected.set(receiveKey, (expected.get(receiveKey) ?? 0n) + units(detail.receiveAmount, detail.receiveCoin));
        }
        const actual = await balances();
        for (const [key, value] of actual) expect(value, key).toBe(expected.get(key) ?? 0n);
        expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
        // Only pendingPayment, completed and cancelled are reachable by customers.
        for (const status of seen.values()) {
          expect(['pendingPayment', 'completed', 'cancelled']).toContain(status);
          outcomes[status as keyof typeof outcomes] += 1;
        }
      }),
      { numRuns: 25 },
    );
    // The runs reached every customer-reachable state, not only refusals.
    expect(outcomes.completed).toBeGreaterThan(0);
    expect(outcomes.cancelled).toBeGreaterThan(0);
  }, 120_000);
});
