import { adminKycPaths, errorCatalogue, identityPaths, kycPaths, tradePaths, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { noisyPng, pngChunk, withPngChunks, zipArchive } from '../../../test/fixtures/uploads/image-fixtures';
import { buildWebm, clustersReaching } from '../../../test/fixtures/uploads/webm-fixtures';
import { bindAuthenticatorAndFundPassword, type identityClient, signUpByEmail, type ApiAnswer } from '../../../test/identity-helpers';
import { fundPassword } from '../../../test/withdrawal-kit';
import { signInOperator } from '../../../test/operator-kit';

let database: TestDatabase;
let app: FastifyInstance;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { env: { KYC_PROVIDER: 'sandbox' } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

type Client = ReturnType<typeof identityClient>;

async function customer(): Promise<{ client: Client; userNo: string; userId: string }> {
  counter += 1;
  const { client, userNo } = await signUpByEmail(app, `kyc${counter}-${Date.now() % 100000}@coffer.test`);
  const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { client, userNo, userId: user.id };
}

/** A file posted as the raw body, as the web does. */
async function upload(client: Client, purpose: 'addressProof' | 'video', bytes: Buffer, contentType: string): Promise<ApiAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: `${kycPaths.upload}?purpose=${purpose}`,
    payload: bytes,
    headers: { 'content-type': contentType, ...(client.cookie ? { cookie: client.cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json() as ApiAnswer['body'] };
}

/** A real-looking photo of an address proof: noisy pixels, so it stays above 20 KB. */
const addressProof = () => noisyPng(160, 120, counter + 1);

const adultBirthday = '1990-05-17';

function kyc1Body(uploadId: string, overrides: Record<string, unknown> = {}) {
  return {
    surname: 'Müller',
    givenName: 'Anna',
    documentType: 'passport',
    documentCountry: 'DE',
    idNumber: 'C01X00T47',
    birthday: adultBirthday,
    building: '12',
    street: 'Torstraße',
    region: 'Berlin',
    city: 'Berlin',
    country: 'DE',
    addressProofUploadId: uploadId,
    ...overrides,
  };
}

async function passKyc1(client: Client): Promise<ApiAnswer> {
  const proof = await upload(client, 'addressProof', addressProof(), 'image/png');
  expect(proof.body.code).toBe(0);
  return client.post(kycPaths.saveKyc1, kyc1Body(proof.body.data.uploadId));
}

/** The day `years` years before today, minus `days` (UTC), as the server counts it. */
function yearsAgo(years: number, days = 0): string {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() - days));
  return date.toISOString().slice(0, 10);
}

describe('levels and KYC1', () => {
  it('a new customer is unverified, may not withdraw, and KYC1 by the rules makes them basic at once', async () => {
    const { client } = await customer();
    const before = await client.get(kycPaths.level);
    expect(before.body.data).toMatchObject({
      level: 0,
      allows: { withdrawal24hLimitUsd: '0.00' },
      levels: { basic: { state: 'notStarted' }, advanced: { state: 'notStarted' }, video: { state: 'notStarted' } },
    });
    expect(before.body.data.levels.basic.allows.withdrawal24hLimitUsd).toBe('2000.00');

    const saved = await passKyc1(client);
    expect(saved.body).toMatchObject({ code: 0, data: { level: 1, state: 'verified' } });
    const after = await client.get(kycPaths.level);
    expect(after.body.data).toMatchObject({
      level: 1,
      allows: { withdrawal24hLimitUsd: '2000.00' },
      levels: { basic: { state: 'verified' } },
    });
    // A second KYC1 is refused: the level is verified.
    expect((await passKyc1(client)).body.code).toBe(errorCatalogue.kycAlreadyVerified.code);
  });

  it('keeps the ID number sealed and masked, and checks its last six within 5 tries, however many race', async () => {
    counter += 1;
    const email = `idc${counter}-${Date.now() % 100000}@coffer.test`;
    const { client, userNo } = await signUpByEmail(app, email);
    const { userId } = await database.db
      .selectFrom('app_user')
      .select('id as userId')
      .where('user_no', '=', userNo)
      .executeTakeFirstOrThrow();
    const { secret } = (await client.post(identityPaths.authenticatorGenerate)).body.data as { secret: string };
    await bindAuthenticatorAndFundPassword(app, client, email, secret, fundPassword);
    const check = (idCardLast6: string) => client.post(withdrawalPaths.verifyIdCard, { idCardLast6, fundPassword });
    expect((await check('X00T47')).body.code).toBe(errorCatalogue.identityDocumentMissing.code);

    await passKyc1(client);
    const row = await database.db.selectFrom('kyc_application').selectAll().where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.id_number_masked).toBe('C0*****47');
    expect(row.id_number_encrypted).not.toContain('C01X00T47');
    expect(JSON.stringify(row.data)).not.toContain('C01X00T47');

    expect((await check('x00t47')).body).toMatchObject({ code: 0, data: { verified: true } });
    expect((await check('X00T48')).body.code).toBe(errorCatalogue.kycIdCheckWrong.code);
    const burst = await Promise.all(Array.from({ length: 100 }, () => check('X00T49')));
    const codes = burst.map((answer) => answer.body.code);
    // One try was spent above: at most 4 more are checked, every other request is refused unchecked.
    expect(codes.filter((code) => code === errorCatalogue.kycIdCheckWrong.code).length).toBeLessThanOrEqual(4);
    expect(
      codes.filter((code) => code !== errorCatalogue.kycIdCheckWrong.code).every((code) => code === errorCatalogue.accountLocked.code),
    ).toBe(true);
    // Locked: even the right digits wait.
    expect((await check('X00T47')).body.code).toBe(errorCatalogue.accountLocked.code);
  }, 60_000);

  it('refuses an age outside 18–70 at the boundaries, restricted countries and bad fields, and stores nothing', async () => {
    const { client, userId } = await customer();
    const proof = await upload(client, 'addressProof', addressProof(), 'image/png');
    const uploadId = proof.body.data.uploadId as string;
    const code = async (overrides: Record<string, unknown>) =>
      (await client.post(kycPaths.saveKyc1, kyc1Body(uploadId, overrides))).body.code;
    // The day before the 18th birthday, and the 71st birthday: refused.
    expect(await code({ birthday: yearsAgo(18, -1) })).toBe(errorCatalogue.kycAgeOutOfRange.code);
    expect(await code({ birthday: yearsAgo(71) })).toBe(errorCatalogue.kycAgeOutOfRange.code);
    expect(await code({ country: 'IR' })).toBe(errorCatalogue.kycCountryRestricted.code);
    expect(await code({ documentCountry: 'KP' })).toBe(errorCatalogue.kycCountryRestricted.code);
    expect(await code({ surname: 'x'.repeat(31) })).toBe(errorCatalogue.kycFieldInvalid.code);
    expect(await code({ idNumber: '12' })).toBe(errorCatalogue.kycFieldInvalid.code);
    expect(await code({ addressProofUploadId: '999999999' })).toBe(errorCatalogue.kycUploadNotFound.code);
    const rows = await database.db.selectFrom('kyc_application').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(0);
    // The 18th birthday itself, and the last day aged 70: accepted.
    expect(await code({ birthday: yearsAgo(70, -1) })).toBe(0);
  });

  it('another customer cannot use an upload, and 100 parallel KYC1 submissions open one application', async () => {
    const { client: mallory } = await customer();
    const { client, userId } = await customer();
    const proof = await upload(client, 'addressProof', addressProof(), 'image/png');
    expect((await mallory.post(kycPaths.saveKyc1, kyc1Body(proof.body.data.uploadId))).body.code).toBe(
      errorCatalogue.kycUploadNotFound.code,
    );
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => client.post(kycPaths.saveKyc1, kyc1Body(proof.body.data.uploadId))),
    );
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    // Every other one a clear refusal, never a 500 from the verified-once index.
    const refusals = new Set<number>([errorCatalogue.kycAlreadyVerified.code, errorCatalogue.kycAlreadyVerifying.code]);
    expect(answers.filter((answer) => answer.body.code !== 0 && !refusals.has(answer.body.code))).toEqual([]);
    expect(answers.filter((answer) => answer.status >= 500)).toEqual([]);
    const rows = await database.db.selectFrom('kyc_application').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(1);
  }, 60_000);
});

describe('a customer’s own file', () => {
  it('answers kycUploadNotFound for another customer’s id, an id beyond bigint and garbage, and the file to its owner', async () => {
    const { client: owner } = await customer();
    const { client: other } = await customer();
    const proof = await upload(owner, 'addressProof', addressProof(), 'image/png');
    const id = proof.body.data.uploadId as string;
    const get = (client: Client, fileId: string) =>
      app.inject({ method: 'GET', url: `/audit/v1/action/upload/${fileId}`, headers: client.cookie ? { cookie: client.cookie } : {} });
    const mine = await get(owner, id);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    for (const fileId of [id, '9999999999999999999', '0', 'abc']) {
      const answer = await get(other, fileId);
      expect(answer.json()).toMatchObject({ code: errorCatalogue.kycUploadNotFound.code });
    }
  }, 60_000);
});

describe('uploads are judged by their content', () => {
  it('keeps only the pixels of a PNG carrying a ZIP, and refuses an SVG, a PDF named .png as video, tiny and huge files', async () => {
    const { client } = await customer();
    const polyglot = Buffer.concat([
      withPngChunks(addressProof(), pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>'))),
      zipArchive(),
    ]);
    const accepted = await upload(client, 'addressProof', polyglot, 'image/png');
    expect(accepted.body.code).toBe(0);
    const stored = await app.inject({ url: `/audit/v1/action/upload/${accepted.body.data.uploadId}`, headers: { cookie: client.cookie! } });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['x-content-type-options']).toBe('nosniff');
    expect(stored.rawPayload.includes(Buffer.from('PK\u0003\u0004'))).toBe(false);
    expect(stored.rawPayload.includes(Buffer.from('<script>'))).toBe(false);
    // Only its owner gets it.
    const { client: other } = await customer();
    const foreign = await app.inject({ url: `/audit/v1/action/upload/${accepted.body.data.uploadId}`, headers: { cookie: other.cookie! } });
    expect(foreign.json()).toMatchObject({ code: errorCatalogue.kycUploadNotFound.code });

    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${' '.repeat(30_000)}<script>alert(1)</script></svg>`);
    expect((await upload(client, 'addressProof', svg, 'image/png')).body.code).toBe(errorCatalogue.kycDocumentType.code);
    expect((await upload(client, 'addressProof', noisyPng(60, 60), 'image/png')).body.code).toBe(errorCatalogue.kycDocumentTooSmall.code);
    expect((await upload(client, 'addressProof', Buffer.alloc(5 * 1024 * 1024 + 100_000, 1), 'image/png')).body.code).toBe(
      errorCatalogue.kycDocumentTooLarge.code,
    );
    expect((await upload(client, 'video', addressProof(), 'video/webm')).body.code).toBe(errorCatalogue.kycVideoFailed.code);
    const long = buildWebm({ clusters: clustersReaching(130) });
    expect((await upload(client, 'video', long, 'video/webm')).body.code).toBe(errorCatalogue.kycVideoTooLong.code);
  }, 60_000);
});

describe('upload limits', () => {
  const MB = 1024 * 1024;

  /** A body that sends `bytes` and then stalls, as a slow or hostile client would. */
  function stallingAfter(bytes: number): Readable {
    let sent = 0;
    return new Readable({
      read() {
        if (sent >= bytes) return;
        sent += MB;
        this.push(Buffer.alloc(MB, 1));
      },
    });
  }

  /** The answer, or 'held' when the server is still buffering after a few seconds. */
  async function answerOrHeld(client: Client, purpose: string, payload: Readable, headers: Record<string, string> = {}) {
    const answer = app
      .inject({
        method: 'POST',
        url: `${kycPaths.upload}?purpose=${purpose}`,
        payload,
        headers: { 'content-type': 'application/octet-stream', cookie: client.cookie!, ...headers },
      })
      .then((response) => response.json() as ApiAnswer['body']);
    return Promise.race([answer, new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 5_000))]);
  }

  it("an address proof over 5 MB is refused by its purpose's limit before the body is held whole", async () => {
    const { client } = await customer();
    // Declared too large: refused from the header, before any byte is read.
    expect(await answerOrHeld(client, 'addressProof', stallingAfter(MB), { 'content-length': String(6 * MB) })).toMatchObject({
      code: errorCatalogue.kycDocumentTooLarge.code,
    });
    // Sent without a length: refused as soon as it passes 5 MB (it never ends).
    expect(await answerOrHeld(client, 'addressProof', stallingAfter(8 * MB))).toMatchObject({
      code: errorCatalogue.kycDocumentTooLarge.code,
    });
    // A video is refused by its own limit (50 MB).
    expect(await answerOrHeld(client, 'video', stallingAfter(MB), { 'content-length': String(51 * MB) })).toMatchObject({
      code: errorCatalogue.kycVideoFailed.code,
    });
  }, 60_000);

  it('of 100 uploads at once by one customer, exactly 30 (the hourly quota) are worked on', async () => {
    const { client, userId } = await customer();
    const file = addressProof();
    const answers = await Promise.all(Array.from({ length: 100 }, () => upload(client, 'addressProof', file, 'image/png')));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(30);
    expect(codes.filter((code) => code === errorCatalogue.tooManyRequests.code)).toHaveLength(70);
    const rows = await database.db.selectFrom('kyc_upload').select('id').where('user_id', '=', userId).execute();
    expect(rows).toHaveLength(30);
    // Another customer's quota is their own.
    const { client: other } = await customer();
    expect((await upload(other, 'addressProof', file, 'image/png')).body.code).toBe(0);
  }, 120_000);
});

describe('KYC3 and the back office review', () => {
  it('needs KYC2 first, then waits for a person; support cannot decide, compliance approves, the audit log says who', async () => {
    const { client, userId } = await customer();
    await passKyc1(client);
    const video = await upload(client, 'video', buildWebm({ clusters: clustersReaching(45) }), 'video/webm');
    expect(video.body.code).toBe(0);
    const kyc3 = {
      purposes: ['investment', 'other'],
      purposeOther: 'Paying suppliers',
      incomeSources: ['salary'],
      fundSources: ['trading'],
      remark: 'Long-term savings',
      notUsPerson: true,
      accuracyConfirmed: true,
      videoUploadId: video.body.data.uploadId,
    };
    expect((await client.post(kycPaths.saveKyc3, kyc3)).body.code).toBe(errorCatalogue.kycLevelOrder.code);
    // As if the provider had approved KYC2.
    await database.db.updateTable('app_user').set({ kyc_level: 2 }).where('id', '=', userId).execute();
    expect((await client.post(kycPaths.saveKyc3, { ...kyc3, notUsPerson: false })).body.code).toBe(errorCatalogue.kycFieldInvalid.code);
    const saved = await client.post(kycPaths.saveKyc3, kyc3);
    expect(saved.body).toMatchObject({ code: 0, data: { level: 3, state: 'verifying' } });

    const support = await signInOperator(app, database.db, { role: 'support' });
    const compliance = await signInOperator(app, database.db, { role: 'compliance' });
    const approvePath = adminKycPaths.approve.replace(':id', saved.body.data.applicationId);
    const refused = await app.inject({ method: 'POST', url: approvePath, headers: { cookie: support.cookie } });
    expect(refused.statusCode).toBe(403);
    // A customer's session reaches no back-office call.
    const asCustomer = await app.inject({ method: 'GET', url: adminKycPaths.queue, headers: { cookie: client.cookie! } });
    expect(asCustomer.statusCode).toBe(401);

    const queue = await app.inject({ url: adminKycPaths.queue, headers: { cookie: compliance.cookie } });
    const item = (queue.json() as ApiAnswer['body']).data.items.find((each: { id: string }) => each.id === saved.body.data.applicationId);
    expect(item).toMatchObject({ level: 3, state: 'verifying' });
    const detail = await app.inject({ url: adminKycPaths.application.replace(':id', item.id), headers: { cookie: compliance.cookie } });
    const file = (detail.json() as ApiAnswer['body']).data.file;
    // The reviewer sees the verified basic level beside the video.
    expect((detail.json() as ApiAnswer['body']).data.verifiedIdentity).toMatchObject({
      data: { surname: 'Müller', givenName: 'Anna', birthday: adultBirthday },
      documentType: 'passport',
      idNumberMasked: 'C0*****47',
      country: 'DE',
    });
    expect(file).toMatchObject({ purpose: 'video', kind: 'webm', durationSeconds: 45 });
    const video45 = await app.inject({ url: adminKycPaths.file.replace(':id', file.uploadId), headers: { cookie: compliance.cookie } });
    expect(video45.headers['content-type']).toBe('video/webm');

    // 100 approvals at once (two operators racing, double clicks): one decision, one audit row.
    const approvals = await Promise.all(
      Array.from({ length: 100 }, () => app.inject({ method: 'POST', url: approvePath, headers: { cookie: compliance.cookie } })),
    );
    const codes = approvals.map((answer) => (answer.json() as ApiAnswer['body']).code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code !== 0).every((code) => code === errorCatalogue.kycAlreadyVerified.code)).toBe(true);
    const approved = approvals.find((answer) => (answer.json() as ApiAnswer['body']).code === 0)!;
    expect(approved.json()).toMatchObject({ code: 0, data: { state: 'verified' } });
    expect((await client.get(kycPaths.level)).body.data).toMatchObject({ level: 3, allows: { withdrawal24hLimitUsd: '1000000.00' } });
    const again = await app.inject({ method: 'POST', url: approvePath, headers: { cookie: compliance.cookie } });
    expect(again.json()).toMatchObject({ code: errorCatalogue.kycAlreadyVerified.code });

    const audit = await database.db.selectFrom('audit_log').selectAll().where('subject_id', '=', item.id).orderBy('seq').execute();
    expect(audit.map((row) => [row.action, row.actor_id])).toEqual([['kyc.approve', compliance.id]]);
    const viewed = await database.db.selectFrom('audit_log').select('action').where('subject_id', '=', file.uploadId).execute();
    expect(viewed.map((row) => row.action)).toEqual(['kyc.file.view']);
  }, 90_000);

  it('a rejection reaches the customer with its reason, who may submit again', async () => {
    const { client, userId } = await customer();
    await passKyc1(client);
    await database.db.updateTable('app_user').set({ kyc_level: 2 }).where('id', '=', userId).execute();
    const video = await upload(client, 'video', buildWebm({ clusters: clustersReaching(20) }), 'video/webm');
    const body = {
      purposes: ['trading'],
      incomeSources: ['business'],
      fundSources: ['mining'],
      notUsPerson: true,
      accuracyConfirmed: true,
      videoUploadId: video.body.data.uploadId,
    };
    const saved = await client.post(kycPaths.saveKyc3, body);
    const compliance = await signInOperator(app, database.db, { role: 'compliance' });
    const rejectPath = adminKycPaths.reject.replace(':id', saved.body.data.applicationId);
    // "other" says nothing by itself: without a note (blank counts as none) it is refused and changes nothing.
    for (const payload of [
      { key: 'other', text: '' },
      { key: 'other', text: '   ' },
    ]) {
      const refused = await app.inject({ method: 'POST', url: rejectPath, payload, headers: { cookie: compliance.cookie } });
      expect(refused.json()).toMatchObject({ code: errorCatalogue.invalidParameter.code, data: { field: 'text' } });
    }
    const unknownField = await app.inject({
      method: 'POST',
      url: rejectPath,
      payload: { key: 'videoInvalid', text: '', extra: 1 },
      headers: { cookie: compliance.cookie },
    });
    expect(unknownField.json()).toMatchObject({ code: errorCatalogue.invalidParameter.code });
    const untouched = await database.db
      .selectFrom('kyc_application')
      .select(['state', 'reject_reason_key'])
      .where('id', '=', saved.body.data.applicationId)
      .executeTakeFirstOrThrow();
    expect(untouched).toEqual({ state: 'verifying', reject_reason_key: null });
    expect(
      await database.db.selectFrom('audit_log').select('action').where('subject_id', '=', saved.body.data.applicationId).execute(),
    ).toEqual([]);

    const rejected = await app.inject({
      method: 'POST',
      url: rejectPath,
      payload: { key: 'videoInvalid', text: '  The text was not read aloud  ' },
      headers: { cookie: compliance.cookie },
    });
    expect(rejected.json()).toMatchObject({ code: 0, data: { state: 'failed' } });
    expect((await client.get(kycPaths.level)).body.data.levels.video).toMatchObject({
      state: 'failed',
      rejectReason: { key: 'videoInvalid', text: 'The text was not read aloud' },
    });
    expect((await client.post(kycPaths.saveKyc3, body)).body).toMatchObject({ code: 0, data: { state: 'verifying' } });
  }, 60_000);
});

describe('limits follow the level', () => {
  it('the 24-hour withdrawal limit is the level’s, a super admin changes it in the audit log, and raising the level raises it', async () => {
    const { client, userId } = await customer();
    const limitOf = async () =>
      (await client.get(`${withdrawalPaths.userWithdrawLimit}?coin=USDT&chain=ethereum`)).body.data.dailyLimitUsd as string;
    expect(await limitOf()).toBe('0.00');
    await passKyc1(client);
    expect(await limitOf()).toBe('2000.00');
    await database.db.updateTable('app_user').set({ kyc_level: 2 }).where('id', '=', userId).execute();
    expect(await limitOf()).toBe('50000.00');

    const admin = await signInOperator(app, database.db, { role: 'superAdmin' });
    const compliance = await signInOperator(app, database.db, { role: 'compliance' });
    const setLimit = (cookie: string) =>
      app.inject({
        method: 'PUT',
        url: adminKycPaths.limit.replace(':level', '2'),
        payload: { withdrawalDailyUsd: '75000', tradeMaxUsd: '250000' },
        headers: { cookie },
      });
    expect((await setLimit(compliance.cookie)).statusCode).toBe(403);
    expect((await setLimit(admin.cookie)).json()).toMatchObject({ code: 0, data: { withdrawalDailyUsd: '75000.00' } });
    expect(await limitOf()).toBe('75000.00');
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'before', 'after'])
      .where('action', '=', 'kyc.limits.set')
      .execute();
    expect(audit).toEqual([
      {
        action: 'kyc.limits.set',
        actor_id: admin.id,
        before: { level: 2, withdrawalDailyUsd: '50000.00', tradeMaxUsd: '200000.00' },
        after: { level: 2, withdrawalDailyUsd: '75000.00', tradeMaxUsd: '250000.00' },
      },
    ]);
  }, 60_000);

  it('a change of limits reaches this process’s quotes at once, and 20 racing changes each audit the row they replaced', async () => {
    const { client } = await customer();
    const admin = await signInOperator(app, database.db, { role: 'superAdmin' });
    const setLevel0 = (tradeMaxUsd: string) =>
      app.inject({
        method: 'PUT',
        url: adminKycPaths.limit.replace(':level', '0'),
        payload: { withdrawalDailyUsd: '0', tradeMaxUsd },
        headers: { cookie: admin.cookie },
      });
    const quote = () => client.post(tradePaths.quote, { pair: 'BTC/USDT', side: 'buy', amount: '0.5', amountCoin: 'BTC' });
    try {
      // The refusal keeps level 0's limits in this process's cache …
      expect((await quote()).body.code).toBe(errorCatalogue.tradeAboveLevelLimit.code);
      expect((await setLevel0('10000000')).json()).toMatchObject({ code: 0, data: { tradeMaxUsd: '10000000.00' } });
      // … which the change forgets: no 5 s wait.
      expect((await quote()).body.code).toBe(0);

      const values = Array.from({ length: 100 }, (_, index) => `${2000 + index}.00`);
      const answers = await Promise.all(values.map((value) => setLevel0(value)));
      expect(answers.map((answer) => answer.json().code)).toEqual(values.map(() => 0));
      const rows = await database.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'kyc.limits.set')
        .where('subject_id', '=', '0')
        .orderBy('seq')
        .execute();
      // Serialised on the row: each change's "before" is the one committed just before it.
      const chain = rows.slice(-100) as Array<{ before: { tradeMaxUsd: string }; after: { tradeMaxUsd: string } }>;
      expect(chain[0]!.before.tradeMaxUsd).toBe('10000000.00');
      for (let index = 1; index < chain.length; index += 1)
        expect(chain[index]!.before.tradeMaxUsd).toBe(chain[index - 1]!.after.tradeMaxUsd);
      expect(chain.map((row) => row.after.tradeMaxUsd).sort()).toEqual(values);
    } finally {
      await setLevel0('1000');
    }
  }, 60_000);

  it('a level-0 customer cannot withdraw and trades only small amounts; the level lifts both', async () => {
    const { client, userId } = await customer();
    const check = await client.get(withdrawalPaths.userCanWithdraw);
    expect(check.body.data.interceptions.map((each: { kind: string }) => each.kind)).toContain('identityNotVerified');
    const quote = () => client.post(tradePaths.quote, { pair: 'BTC/USDT', side: 'buy', amount: '0.5', amountCoin: 'BTC' });
    expect((await quote()).body).toMatchObject({ code: errorCatalogue.tradeAboveLevelLimit.code });
    expect((await quote()).body.msg).toContain('1000.00');
    await database.db.updateTable('app_user').set({ kyc_level: 3 }).where('id', '=', userId).execute();
    // The level is kept a few seconds per process on the quote path.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect((await quote()).body.code).toBe(0);
  }, 60_000);
});
