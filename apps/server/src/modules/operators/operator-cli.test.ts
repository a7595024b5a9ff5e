import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { adminPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { repoRoot } from '../../platform/config';
import { createAuditModule } from '../audit';
import { totpCode } from '../identity';
import { bootstrapFirstOperator, ensureFirstOperator, firstOperatorEmail } from '.';

/** `npm run operator -- create` and the first start's superAdmin, over a real database. */

const run = promisify(execFile);
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

async function post(url: string, payload: object) {
  return (await app.inject({ method: 'POST', url, payload })).json() as { code: number; data: Record<string, string> | null };
}

/** Runs the CLI as `npm run operator` does, against the test database and the test app's key. */
function operatorCli(...args: string[]) {
  return run(path.join(repoRoot, 'node_modules/.bin/tsx'), [path.join(repoRoot, 'scripts/operator.ts'), ...args], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      DATABASE_URL: database.url,
      SECRET_KEY: testSecrets.key.toString('hex'),
      PUBLIC_ORIGIN: 'https://coffer.example',
      LOG_LEVEL: 'silent',
    },
  });
}

describe('npm run operator -- create', () => {
  it('prints a one-time link that activates the operator, who can then log in', async () => {
    const { stdout } = await operatorCli('create', 'Cli.Operator@Coffer.test', 'compliance', 'Chris', 'Lee');
    const link = /https:\/\/coffer\.example\/admin\/activate\?token=[\w-]+/.exec(stdout)?.[0];
    expect(link, stdout).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const started = await post(adminPaths.activateStart, { token });
    expect(started.data).toMatchObject({ email: 'cli.operator@coffer.test' });
    const secret = started.data!.secret!;
    expect((await post(adminPaths.activateFinish, { token, password: 'Back-Office-2026', totpCode: await totpCode(secret) })).code).toBe(0);
    const loggedIn = await post(adminPaths.login, {
      email: 'cli.operator@coffer.test',
      password: 'Back-Office-2026',
      totpCode: await totpCode(secret, Date.now() + 30_000),
    });
    expect(loggedIn.data).toMatchObject({ role: 'compliance', name: 'Chris Lee' });
    const { rows } = await createAuditModule({ db: database.db }).api.search({ action: 'operator.create', page: 1, pageSize: 10 });
    expect(rows).toEqual([expect.objectContaining({ actor: expect.objectContaining({ kind: 'system', id: 'operator-cli' }) })]);
  }, 60_000);

  it('refuses a second operator with the same e-mail, and a role that does not exist', async () => {
    await expect(operatorCli('create', 'cli.operator@coffer.test', 'support')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('already exists'),
    });
    await expect(operatorCli('create', 'someone@coffer.test', 'king')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('usage'),
    });
  }, 60_000);
});

describe('the first superAdmin', () => {
  it('is created once, only while no operator exists, and only without DATABASE_URL', async () => {
    const fresh = await createTestDatabase();
    try {
      const audit = createAuditModule({ db: fresh.db }).api;
      const deps = { key: testSecrets.key, audit, publicOrigin: 'http://localhost:8080' };
      const config = { COOKIE_SECURE: false, PORT: 8080, PUBLIC_ORIGIN: undefined };
      expect(
        await bootstrapFirstOperator({
          db: fresh.db,
          secrets: testSecrets,
          audit,
          config: { ...config, DATABASE_URL: 'postgres://db/coffer' },
        }),
      ).toBeNull();
      const racing = await Promise.all([
        ensureFirstOperator(fresh.db, deps),
        ensureFirstOperator(fresh.db, deps),
        ensureFirstOperator(fresh.db, deps),
      ]);
      const created = racing.filter((answer) => answer !== null);
      expect(created).toEqual([
        expect.objectContaining({
          email: firstOperatorEmail,
          role: 'superAdmin',
          activationLink: expect.stringMatching(/^http:\/\/localhost:8080\/admin\/activate\?token=/),
        }),
      ]);
      expect(
        await bootstrapFirstOperator({ db: fresh.db, secrets: testSecrets, audit, config: { ...config, DATABASE_URL: undefined } }),
      ).toBeNull();
    } finally {
      await fresh.drop();
    }
  });
});
