import { historyRecordSchema, identityPaths, requestLocations } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';
import { describeLocation, storedLocation } from './request-facts';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('describeLocation', () => {
  it('answers a stable key for the web to translate, never English text', () => {
    expect(describeLocation('127.0.0.1')).toBe('loopback');
    expect(describeLocation('::1')).toBe('loopback');
    expect(describeLocation('::ffff:127.0.0.1')).toBe('loopback');
    expect(describeLocation('192.168.1.20')).toBe('privateNetwork');
    expect(describeLocation('172.20.0.5')).toBe('privateNetwork');
    expect(describeLocation('203.0.113.7')).toBe('unknown');
    for (const ip of ['127.0.0.1', '10.0.0.1', '8.8.8.8']) expect(requestLocations).toContain(describeLocation(ip));
  });

  it('reads rows written before the key, so every history row fits the contract', () => {
    expect(storedLocation('Loopback')).toBe('loopback');
    expect(storedLocation('Private network')).toBe('privateNetwork');
    expect(storedLocation('Unknown')).toBe('unknown');
    expect(storedLocation('privateNetwork')).toBe('privateNetwork');
    expect(storedLocation('Somewhere else')).toBe('unknown');
    const row = {
      id: '1',
      time: '2026-03-01T00:00:00.000Z',
      device: 'Chrome on Linux',
      status: 'success',
      ip: '127.0.0.1',
      operationType: null,
    };
    expect(historyRecordSchema.safeParse({ ...row, location: storedLocation('Loopback') }).success).toBe(true);
    expect(historyRecordSchema.safeParse({ ...row, location: 'Loopback' }).success).toBe(false);
  });
});

describe('the login history', () => {
  it('answers the location as a key, also for rows written as English text', async () => {
    const { client, userNo } = await signUpByEmail(app, `facts${Date.now() % 1_000_000}@coffer.test`);
    const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
    await database.db
      .insertInto('login_history')
      .values({
        user_id: user.id,
        status: 'failed',
        device: 'Firefox on Linux',
        ip: '10.1.2.3',
        location: 'Private network',
        created_at: new Date(Date.now() - 60_000),
      })
      .execute();

    const history = await client.get(`${identityPaths.loginHistory}?pageNo=1&pageSize=10`);
    expect(history.body.code).toBe(0);
    expect(history.body.data.records.map((record: { location: string }) => record.location)).toEqual(['loopback', 'privateNetwork']);
  });
});
