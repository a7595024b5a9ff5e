import { randomBytes, randomInt } from 'node:crypto';
import { identityPaths, languageTypeByLanguage, type Language } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityClient, latestCode, signUpByEmail, testPassword } from '../../../test/identity-helpers';
import { fundPassword, withdrawalCustomer } from '../../../test/withdrawal-kit';
import type { Messenger, OutgoingMessage } from '../../platform/adapters/messenger';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { loadConfig } from '../../platform/config';
import { createLogger } from '../../platform/observability/logger';
import { createAssetsModule } from '../assets';
import { createDepositCrediting, depositNotice } from '../deposits/deposit-crediting';
import { createDepositSettings } from '../deposits/deposit-settings';
import { createIdentityModule } from '../identity';
import { createLedger } from '../ledger/ledger.service';
import type { WithdrawalSender } from '../withdrawals/withdrawal-signer';
import { createWithdrawalSigner } from '../withdrawals/withdrawal-signer';
import { createNoticeDelivery, type NoticeDelivery } from './notice-delivery.service';
import { shortened } from './notice-messages';
import { queueNotices } from './index';

let database: TestDatabase;
let app: FastifyInstance;
let delivery: NoticeDelivery;
const silentLogger = createLogger({ LOG_LEVEL: 'silent' });
const sent: OutgoingMessage[] = [];
const recording: Messenger = { send: async (message) => void sent.push(message) };
const ether = 10n ** 18n;
const hex = (bytes: number) => `0x${randomBytes(bytes).toString('hex')}`;

/** The hot wallet of a chain that takes every transaction and confirms it at once, deeply. */
const instantSender: WithdrawalSender = {
  chain: 'ethereum',
  buildAndSign: async () => {
    const txid = hex(32);
    return { txid, raw: txid, networkFee: 0n };
  },
  broadcast: async () => undefined,
  confirmations: async () => ({ state: 'included', confirmations: 100 }),
  abandon: async () => undefined,
};
const senders = new Map([['ethereum', instantSender]]);

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, {
    env: { WITHDRAWAL_MIN_KYC_LEVEL: '1' },
    withdrawalChains: { senders, readers: [], contractCheckers: new Map(), bitcoinNetwork: 'regtest' },
  });
  const identity = createIdentityModule({
    db: database.db,
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    secrets: testSecrets,
    messenger: recording,
    funding: { hasReceivedFunds: async () => false },
    captcha: { verifyOnce: async () => {} },
  });
  // The delivery the app runs in its job processes, here driven by the tests with a recording messenger.
  delivery = createNoticeDelivery({
    db: database.db,
    messenger: recording,
    recipient: identity.api.noticeRecipient,
    scaleOf: createAssetsModule({ db: database.db }).api.scaleOf,
    logger: silentLogger,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const sentTo = (email: string) => sent.filter((message) => message.to === email);

async function outcomeOf(noticeKey: string) {
  return database.db.selectFrom('notice_outbox').select(['outcome', 'attempts']).where('notice_key', '=', noticeKey).execute();
}

let counter = 0;
async function customer(preferences: { language?: Language; notifyLogin?: boolean; notifyDeposit?: boolean } = {}) {
  counter += 1;
  const email = `notice${counter}-${Date.now() % 100000}@coffer.test`;
  const { client } = await signUpByEmail(app, email);
  if (Object.keys(preferences).length > 0) expect((await client.post(identityPaths.setPreferences, preferences)).body.code).toBe(0);
  const user = await database.db.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { client, email, userId: user.id };
}

const chromeOnWindows = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Both login steps, as a browser in `language` would make them; the new session's id. */
async function logIn(email: string, language: Language, server: FastifyInstance = app): Promise<string> {
  const client = identityClient(server);
  const headers = { 'user-agent': chromeOnWindows, 'LANGUAGE-TYPE': languageTypeByLanguage[language] };
  const challenge = await client.post(identityPaths.login, { accountType: 'email', account: email, password: testPassword }, headers);
  const { preLoginToken } = challenge.body.data as { preLoginToken: string };
  await client.post(identityPaths.loginCode, { preLoginToken, method: 'email' }, headers);
  const code = await latestCode(server, email);
  const loggedIn = await client.post(identityPaths.loginTwofa, { preLoginToken, method: 'email', code }, headers);
  expect(loggedIn.body.code).toBe(0);
  return loggedIn.body.data.user.sessionId as string;
}

describe('login notices', () => {
  it('tell of a login after it committed: time, IP, device and the warning, in the request’s language', async () => {
    const { email } = await customer();
    const sessionId = await logIn(email, 'zh-CN');
    expect(sentTo(email)).toEqual([]);
    await delivery.deliverDue();
    expect(sentTo(email)).toHaveLength(1);
    const [notice] = sentTo(email);
    expect(notice).toMatchObject({ channel: 'email', subject: 'Coffer：账户新登录提醒' });
    expect(notice!.text).toMatch(/时间：\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/);
    expect(notice!.text).toContain('IP 地址：127.0.0.1');
    expect(notice!.text).toContain('设备：Chrome on Windows');
    expect(notice!.text).toContain('如非本人操作，请立即修改密码并联系客服。');
    expect(await outcomeOf(`login:${sessionId}`)).toEqual([{ outcome: 'sent', attempts: 0 }]);
  });

  it('are written in the customer’s chosen language, whatever the request’s', async () => {
    const { email } = await customer({ language: 'ru' });
    await logIn(email, 'en');
    await delivery.deliverDue();
    expect(sentTo(email).map((message) => message.subject)).toEqual(['Coffer: новый вход в аккаунт']);
    expect(sentTo(email)[0]!.text).toContain('Если это были не вы, немедленно смените пароль и свяжитесь с поддержкой.');
  });

  it('are not sent when the customer turned them off', async () => {
    const { email } = await customer({ notifyLogin: false });
    const sessionId = await logIn(email, 'en');
    await delivery.deliverDue();
    expect(sentTo(email)).toEqual([]);
    expect(await outcomeOf(`login:${sessionId}`)).toEqual([{ outcome: 'skipped', attempts: 0 }]);
  });
});

describe('deposit notices', () => {
  const crediting = () =>
    createDepositCrediting({
      db: database.db,
      ledger: createLedger(database.db),
      settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
      chain: 'ethereum',
      logger: silentLogger,
    });

  /** A waiting ETH deposit of the customer at a height of its own, credited as the watcher does; its row. */
  async function creditedDeposit(userId: string, units: bigint) {
    const height = randomInt(1_000, 1_000_000_000);
    const row = await database.db
      .insertInto('deposit')
      .values({
        user_id: userId,
        chain: 'ethereum',
        asset: 'ETH',
        txid: hex(32),
        log_index: 0,
        address: hex(20),
        memo: null,
        amount: units,
        block_height: String(height),
        block_hash: hex(32),
        required_confirmations: 1,
        status: 'waiting',
      })
      .returning(['id', 'user_id', 'chain', 'asset', 'txid', 'amount', 'address', 'memo'])
      .executeTakeFirstOrThrow();
    expect(await crediting().creditDue(height, height)).toBe(1);
    return { ...row, user_id: userId };
  }

  it('tell of a credited deposit once, with its exact amount, network, address and txid, even when queued and delivered 100 times at once', async () => {
    const { email, userId } = await customer({ language: 'zh-TW' });
    const deposit = await creditedDeposit(userId, 1_234_500_000_000_000_001n);
    // The same deposit queued again 100 times at once (retried credits) stays one notice.
    await Promise.all(Array.from({ length: 100 }, () => queueNotices(database.db, [depositNotice(deposit)])));
    await Promise.all(Array.from({ length: 100 }, () => delivery.deliverDue()));
    await delivery.deliverDue();
    expect(sentTo(email)).toHaveLength(1);
    const [notice] = sentTo(email);
    expect(notice!.subject).toBe('Coffer：充幣已到帳');
    expect(notice!.text).toContain('數量：1.234500000000000001 ETH');
    expect(notice!.text).toContain('網路：以太坊');
    expect(notice!.text).toContain(`地址：${shortened(deposit.address)}`);
    expect(notice!.text).toContain(`交易：${shortened(deposit.txid)}`);
    expect(shortened(deposit.txid)).toMatch(/^0x[0-9a-f]{6}…[0-9a-f]{8}$/);
    expect(await outcomeOf(`deposit:${deposit.id}`)).toEqual([{ outcome: 'sent', attempts: 0 }]);
  });

  it('are tried again later when the mail server fails, and then sent once', async () => {
    const { email, userId } = await customer();
    const deposit = await creditedDeposit(userId, 2n * ether);
    const failing = createNoticeDelivery({
      db: database.db,
      messenger: {
        send: async () => {
          throw new Error('mail server down');
        },
      },
      recipient: async () => ({ email, language: null }),
      scaleOf: async () => 18,
      logger: silentLogger,
    });
    await failing.deliverDue();
    expect(await outcomeOf(`deposit:${deposit.id}`)).toEqual([{ outcome: null, attempts: 1 }]);
    // Not due yet: the retry waits.
    await delivery.deliverDue();
    expect(sentTo(email)).toEqual([]);
    await database.db
      .updateTable('notice_outbox')
      .set({ next_attempt_at: new Date() })
      .where('notice_key', '=', `deposit:${deposit.id}`)
      .execute();
    await Promise.all([delivery.deliverDue(), delivery.deliverDue()]);
    expect(sentTo(email).map((message) => message.subject)).toEqual(['Coffer: deposit credited']);
    expect(sentTo(email)[0]!.text).toContain('Amount: 2 ETH');
    expect(await outcomeOf(`deposit:${deposit.id}`)).toEqual([{ outcome: 'sent', attempts: 1 }]);
  });

  it('are not sent when the customer turned them off', async () => {
    const { email, userId } = await customer({ notifyDeposit: false });
    const deposit = await creditedDeposit(userId, ether);
    await delivery.deliverDue();
    expect(sentTo(email)).toEqual([]);
    expect(await outcomeOf(`deposit:${deposit.id}`)).toEqual([{ outcome: 'skipped', attempts: 0 }]);
  });
});

describe('withdrawal notices', () => {
  /** A complete customer holding 1 ETH; `withdraw` submits one with the fund password and a fresh authenticator code. */
  async function withdrawer(preferences: { language?: Language; notifyWithdrawal?: boolean } = {}) {
    const base = await withdrawalCustomer(app, database.db);
    await base.credit('ETH', ether, `notice-deposit-${base.userId}`);
    if (Object.keys(preferences).length > 0) expect((await base.client.post(identityPaths.setPreferences, preferences)).body.code).toBe(0);
    const withdraw = async (address: string, amount: string) => {
      const answer = await base.client.post(base.withdrawPath('ETH'), {
        address,
        amount,
        fundPassword,
        gaCode: await base.nextGaCode(),
        requestId: `notice-${randomInt(1e9)}`,
      });
      expect(answer.body.code).toBe(0);
      return answer.body.data.record as { id: string; status: string };
    };
    return { ...base, withdraw };
  }

  it('tell of an on-chain withdrawal once it completed (not before), once, with its txid', async () => {
    const alice = await withdrawer();
    const to = hex(20);
    const record = await alice.withdraw(to, '0.1');
    const signer = createWithdrawalSigner({ db: database.db, ledger: createLedger(database.db), senders, logger: silentLogger });
    await signer.tick();
    await delivery.deliverDue();
    expect(sentTo(alice.email)).toEqual([]);
    await signer.tick();
    const { txid } = await database.db
      .selectFrom('withdrawal_outbox')
      .select('txid')
      .where('withdrawal_id', '=', record.id)
      .executeTakeFirstOrThrow();
    await Promise.all([delivery.deliverDue(), delivery.deliverDue()]);
    await delivery.deliverDue();
    expect(sentTo(alice.email)).toHaveLength(1);
    const [notice] = sentTo(alice.email);
    expect(notice!.subject).toBe('Coffer: withdrawal completed');
    expect(notice!.text).toContain('Amount: 0.1 ETH');
    expect(notice!.text).toContain('Network: Ethereum');
    // The address as the withdrawal stored it (checksummed).
    expect(notice!.text.toLowerCase()).toContain(`address: ${shortened(to)}`);
    expect(notice!.text).toContain(`Transaction: ${shortened(txid)}`);
    expect(notice!.text).toContain("If this wasn't you, change your password and contact support at once.");
  });

  it('tell of an internal withdrawal, completed at once, in the customer’s language', async () => {
    const bob = await withdrawer({ language: 'ru' });
    const carol = await customer();
    const address = hex(20);
    await database.db
      .insertInto('deposit_address')
      .values({ user_id: carol.userId, chain: 'ethereum', derivation_index: randomInt(1_000_000, 2_000_000_000), address, memo: null })
      .execute();
    const record = await bob.withdraw(address, '0.1');
    expect(record.status).toBe('completed');
    await delivery.deliverDue();
    expect(sentTo(bob.email).map((message) => message.subject)).toEqual(['Coffer: вывод выполнен']);
    expect(sentTo(bob.email)[0]!.text).toContain('Транзакция: Внутренний перевод, без транзакции в сети');
    expect(await outcomeOf(`withdrawal:${record.id}`)).toEqual([{ outcome: 'sent', attempts: 0 }]);
  });

  it('are not sent when the customer turned them off', async () => {
    const dave = await withdrawer({ notifyWithdrawal: false });
    const signer = createWithdrawalSigner({ db: database.db, ledger: createLedger(database.db), senders, logger: silentLogger });
    const record = await dave.withdraw(hex(20), '0.1');
    await signer.tick();
    await signer.tick();
    await delivery.deliverDue();
    expect(sentTo(dave.email)).toEqual([]);
    expect(await outcomeOf(`withdrawal:${record.id}`)).toEqual([{ outcome: 'skipped', attempts: 0 }]);
  });
});

describe('the app’s own delivery', () => {
  it('runs in a process with jobs, and sends a notice soon after its event committed', async () => {
    const jobs: JobQueue = {
      define: () => undefined,
      send: async () => null,
      start: async () => undefined,
      stop: async () => undefined,
      isRunning: () => true,
    };
    const worker = await buildTestApp(database.db, { jobs });
    try {
      const { email } = await customer({ language: 'en' });
      await logIn(email, 'en', worker);
      const subjects = async () =>
        (
          (await worker.inject({ url: `/dev/outbox?to=${encodeURIComponent(email)}&limit=5` })).json().data as Array<{ subject: string }>
        ).map((message) => message.subject);
      for (let attempt = 0; attempt < 50 && !(await subjects()).includes('Coffer: new sign-in to your account'); attempt += 1)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await subjects()).filter((subject) => subject === 'Coffer: new sign-in to your account')).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });
});
