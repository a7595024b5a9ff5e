import { errorCatalogue, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLogger } from '../../platform/observability/logger';
import { createLedger } from '../ledger/ledger.service';
import { moveWithdrawal, withdrawalJournalKey, type WithdrawalJournalKind } from './withdrawal-moves';
import { createWithdrawalSigner } from './withdrawal-signer';
import {
  assertTransition,
  canTransition,
  IllegalWithdrawalTransitionError,
  terminalWithdrawalStatuses,
  withdrawalStatuses,
  withdrawalTransitions,
} from './withdrawal-states';
import { withdrawalTransitionPairsSql } from './withdrawal-states.migration';
import { fundPassword, withdrawalCustomer, type WithdrawalCustomer } from '../../../test/withdrawal-kit';
import type { WithdrawalRowStatus } from './withdrawals.schema';

const USDT = 1_000_000n;
let database: TestDatabase;
let app: FastifyInstance;
let sender: WithdrawalCustomer;
let recipient: WithdrawalCustomer;
/** The recipient's deposit address: a withdrawal to it is internal. */
let recipientAddress: string;
/** Any journal, for rows that must name one (a completed withdrawal). */
let anyJournalId: string;

const allPairs = withdrawalStatuses.flatMap((from) => withdrawalStatuses.filter((to) => to !== from).map((to) => [from, to] as const));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { env: { WITHDRAWAL_MIN_KYC_LEVEL: '1' } });
  sender = await withdrawalCustomer(app, database.db);
  recipient = await withdrawalCustomer(app, database.db, { complete: false });
  recipientAddress = privateKeyToAccount(generatePrivateKey()).address;
  await database.db
    .insertInto('deposit_address')
    .values({ user_id: recipient.userId, chain: 'ethereum', derivation_index: 900_001, address: recipientAddress, memo: null })
    .execute();
  anyJournalId = await sender.credit('USDT', 10_000n * USDT, `states-${sender.userNo}`);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A bare row in `status`, as only a test writes it: the trigger watches updates, not inserts. */
async function insertRow(status: WithdrawalRowStatus): Promise<string> {
  const row = await database.db
    .insertInto('withdrawal')
    .values({
      serial_no: `WDSTATES${Math.random().toString().slice(2, 14)}`,
      user_id: sender.userId,
      request_key: `states:${Math.random()}`,
      request_hash: 'h',
      kind: 'ordinary',
      asset: 'USDT',
      chain: 'ethereum',
      address: '0x2222222222222222222222222222222222222222',
      tag: null,
      amount: '1',
      fee: '0',
      usd_cents: '0',
      recipient_user_id: null,
      status,
      confirm_before: status === 'awaitingConfirmation' ? new Date(Date.now() + 3_600_000) : null,
      journal_id: status === 'completed' ? anyJournalId : null,
      required_confirmations: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A raw status update that satisfies the row's CHECKs, so only the trigger can refuse it. */
function rawMove(id: string, to: WithdrawalRowStatus) {
  return database.db
    .updateTable('withdrawal')
    .set({
      status: to,
      confirm_before: to === 'awaitingConfirmation' ? new Date(Date.now() + 3_600_000) : null,
      journal_id: to === 'completed' ? anyJournalId : null,
    })
    .where('id', '=', id)
    .execute();
}

async function statusOf(id: string) {
  return database.db
    .selectFrom('withdrawal')
    .select(['status', 'fail_reason', 'confirm_before', 'journal_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function journalKeysOf(id: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('journal')
    .select('idempotency_key')
    .where('reference_type', '=', 'withdrawal')
    .where('reference_id', '=', id)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.idempotency_key);
}

/** A large (> 1000 USD) internal withdrawal: it waits for its second confirmation, amount held. */
async function largeInternalWithdrawal(requestId: string) {
  const sent = await sender.client.post(sender.withdrawPath('USDT'), {
    address: recipientAddress,
    amount: '1500',
    fundPassword,
    gaCode: await sender.nextGaCode(),
    requestId,
  });
  expect(sent.body.data).toMatchObject({ confirmationCode: -10071, record: { status: 'awaitingConfirmation', accountType: 'internal' } });
  return sent.body.data.record as { id: string; serialNumber: string };
}

describe('the withdrawal state table', () => {
  it('names exactly the statuses the column allows, moves only forward, and ends in the final ones', async () => {
    const check = await sql<{ definition: string }>`
      select pg_get_constraintdef(oid) as definition from pg_constraint
       where conrelid = 'withdrawal'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%status = ANY%'`.execute(database.db);
    const allowed = [...(check.rows[0]?.definition ?? '').matchAll(/'([A-Za-z_]+)'::text/g)].map((match) => match[1]);
    expect(allowed.sort()).toEqual([...withdrawalStatuses].sort());
    expect(terminalWithdrawalStatuses.sort()).toEqual(['cancelled', 'completed', 'failed']);
    for (const [from, targets] of Object.entries(withdrawalTransitions)) {
      expect(targets).not.toContain(from);
      for (const to of targets) expect(withdrawalStatuses).toContain(to);
    }
    // Every open status can still end: nothing is stuck with its hold.
    for (const status of withdrawalStatuses) {
      const seen = new Set<WithdrawalRowStatus>([status]);
      for (const next of seen) for (const to of withdrawalTransitions[next]) seen.add(to);
      expect([...seen].some((reached) => terminalWithdrawalStatuses.includes(reached))).toBe(true);
    }
  });

  it('assertTransition refuses exactly the pairs canTransition refuses', () => {
    for (const [from, to] of allPairs) {
      if (canTransition(from, to)) expect(() => assertTransition(from, to)).not.toThrow();
      else expect(() => assertTransition(from, to)).toThrow(IllegalWithdrawalTransitionError);
    }
    expect(canTransition('awaitingConfirmation', 'processing')).toBe(true);
    expect(canTransition('cancelled', 'processing')).toBe(false);
  });

  it('gives the trigger the same pairs as the table', () => {
    const expected = allPairs.filter(([from, to]) => canTransition(from, to)).map(([from, to]) => `('${from}', '${to}')`);
    expect(
      withdrawalTransitionPairsSql()
        .split(/(?<=\)), /)
        .sort(),
    ).toEqual(expected.sort());
  });
});

describe('the database trigger', () => {
  it('allows every move in the table and refuses every other one', async () => {
    for (const [from, to] of allPairs) {
      const id = await insertRow(from);
      if (canTransition(from, to)) {
        await rawMove(id, to);
        expect((await statusOf(id)).status).toBe(to);
      } else {
        await expect(rawMove(id, to), `${from} -> ${to}`).rejects.toThrow(`WITHDRAWAL_ILLEGAL_TRANSITION ${from} -> ${to}`);
        expect((await statusOf(id)).status).toBe(from);
      }
    }
  });

  it('lets a row keep its status while other columns change', async () => {
    const id = await insertRow('confirming');
    await database.db.updateTable('withdrawal').set({ status: 'confirming', confirmations: 3 }).where('id', '=', id).execute();
    expect((await statusOf(id)).status).toBe('confirming');
  });
});

describe('moveWithdrawal', () => {
  it('moves a row only from the status it names, and refuses a move outside the table before writing', async () => {
    const id = await insertRow('processing');
    expect(await moveWithdrawal(database.db, id, 'awaitingConfirmation', 'processing', { confirm_before: null })).toBe(false);
    expect(await moveWithdrawal(database.db, id, 'processing', 'confirming')).toBe(true);
    expect(await moveWithdrawal(database.db, id, 'processing', 'confirming')).toBe(false);
    await expect(moveWithdrawal(database.db, id, 'confirming', 'processing')).rejects.toThrow(IllegalWithdrawalTransitionError);
    expect((await statusOf(id)).status).toBe('confirming');
  });
});

describe('journal keys', () => {
  it('are the strings the journals were always posted with', () => {
    const kinds: WithdrawalJournalKind[] = ['hold', 'internal', 'settle', 'release', 'network-fee'];
    expect(kinds.map((kind) => withdrawalJournalKey(kind, '42'))).toEqual([
      'withdrawal:42:hold',
      'withdrawal:42:internal',
      'withdrawal:42:settle',
      'withdrawal:42:release',
      'withdrawal:42:network-fee',
    ]);
  });
});

describe('release and cancel', () => {
  it('a customer cancelling a waiting withdrawal gets the hold back once', async () => {
    const before = await sender.balance('USDT');
    const record = await largeInternalWithdrawal(`cancel-${sender.userNo}`);
    expect(await sender.balance('USDT')).toEqual({ available: before.available - 1500n * USDT, frozen: before.frozen + 1500n * USDT });
    const cancelled = await sender.client.post(withdrawalPaths.cancelWithdrawal, { serialNumber: record.serialNumber });
    expect(cancelled.body.data.record).toMatchObject({ status: 'cancelled', failReason: 'cancelledByCustomer', confirmBefore: null });
    expect(await sender.balance('USDT')).toEqual(before);
    const again = await sender.client.post(withdrawalPaths.cancelWithdrawal, { serialNumber: record.serialNumber });
    expect(again.body.code).toBe(errorCatalogue.withdrawalNotAwaitingConfirmation.code);
    expect(await sender.balance('USDT')).toEqual(before);
    expect(await journalKeysOf(record.id)).toEqual([`withdrawal:${record.id}:hold`, `withdrawal:${record.id}:release`]);
  });

  it('the signer cancels a withdrawal past its 5 hours and releases it, once', async () => {
    const before = await sender.balance('USDT');
    const record = await largeInternalWithdrawal(`expire-${sender.userNo}`);
    await database.db
      .updateTable('withdrawal')
      .set({ confirm_before: new Date(Date.now() - 1000) })
      .where('id', '=', record.id)
      .execute();
    const signer = createWithdrawalSigner({
      db: database.db,
      ledger: createLedger(database.db),
      senders: new Map(),
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    });
    expect(await signer.tick()).toMatchObject({ expired: 1 });
    expect(await statusOf(record.id)).toMatchObject({ status: 'cancelled', fail_reason: 'confirmationExpired', confirm_before: null });
    expect(await sender.balance('USDT')).toEqual(before);
    expect(await signer.tick()).toMatchObject({ expired: 0 });
    expect(await sender.balance('USDT')).toEqual(before);
    expect(await journalKeysOf(record.id)).toEqual([`withdrawal:${record.id}:hold`, `withdrawal:${record.id}:release`]);
  });

  it('a confirmed internal withdrawal settles its hold to the recipient instead', async () => {
    const before = await sender.balance('USDT');
    const received = await recipient.balance('USDT');
    const record = await largeInternalWithdrawal(`confirm-${sender.userNo}`);
    const confirmed = await sender.client.post(withdrawalPaths.confirmWithdrawal, { serialNumber: record.serialNumber });
    expect(confirmed.body.data.record).toMatchObject({ status: 'completed', confirmBefore: null, failReason: null });
    expect(await sender.balance('USDT')).toEqual({ available: before.available - 1500n * USDT, frozen: before.frozen });
    expect(await recipient.balance('USDT')).toEqual({ available: received.available + 1500n * USDT, frozen: 0n });
    expect((await statusOf(record.id)).journal_id).not.toBeNull();
    expect(await journalKeysOf(record.id)).toEqual([`withdrawal:${record.id}:hold`, `withdrawal:${record.id}:settle`]);
    expect((await sender.client.post(withdrawalPaths.cancelWithdrawal, { serialNumber: record.serialNumber })).body.code).toBe(
      errorCatalogue.withdrawalNotAwaitingConfirmation.code,
    );
  });
});
