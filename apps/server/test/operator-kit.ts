import { randomBytes } from 'node:crypto';
import { adminPaths, type OperatorRole } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { createAuditModule } from '../src/modules/audit';
import { totpCode } from '../src/modules/identity';
import { createOperator } from '../src/modules/operators';
import type { Db } from '../src/platform/db/database';
import { testSecrets } from './app';

/** The password every test operator activates with. */
export const operatorTestPassword = 'Back-Office-2026';

export interface TestOperator {
  id: string;
  email: string;
  /** The authenticator secret, for further codes. */
  secret: string;
  /** `coffer_operator_session=…`, for a `cookie` header. */
  cookie: string;
}

async function post(app: FastifyInstance, url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, payload });
  const body = response.json() as { code: number; msg: string; data: Record<string, string> | null };
  if (body.code !== 0) throw new Error(`${url} answered ${body.code} ${body.msg}`);
  return { response, data: body.data };
}

/**
 * An operator signed in to the back office of `app` (built over `db` with `testSecrets`):
 * created directly, activated and logged in through the API, as a person would.
 */
export async function signInOperator(
  app: FastifyInstance,
  db: Db,
  options: { role?: OperatorRole; email?: string } = {},
): Promise<TestOperator> {
  const email = options.email ?? `operator-${randomBytes(5).toString('hex')}@coffer.test`;
  const created = await createOperator(
    db,
    { key: testSecrets.key, audit: createAuditModule({ db }).api, publicOrigin: 'http://localhost' },
    { email, role: options.role ?? 'superAdmin' },
    { actor: { kind: 'system', id: 'test' } },
  );
  const token = new URL(created.activationLink).searchParams.get('token')!;
  const { data: started } = await post(app, adminPaths.activateStart, { token });
  const secret = started!.secret!;
  await post(app, adminPaths.activateFinish, { token, password: operatorTestPassword, totpCode: await totpCode(secret) });
  // The activation spent this step's code: the login takes the next one (within the ±1 step window).
  const { response } = await post(app, adminPaths.login, {
    email,
    password: operatorTestPassword,
    totpCode: await totpCode(secret, Date.now() + 30_000),
  });
  const setCookie = response.headers['set-cookie'];
  const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!first) throw new Error('the operator login set no cookie');
  return { id: created.id, email, secret, cookie: first.split(';')[0]! };
}
