import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { sessionEndedChannel } from '../../modules/identity/session-events.migration';
import { listSqlFunctions, readSqlFunction, sqlFunction, sqlFunctionDigest, type SqlFunctionFile } from './sql-function';

const modulesDir = fileURLToPath(new URL('../../modules/', import.meta.url));

/** Every module's function files, by module. */
const files: Array<SqlFunctionFile & { module: string }> = readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(path.join(modulesDir, entry.name)).includes('sql'))
  .flatMap((entry) =>
    listSqlFunctions(pathToFileURL(path.join(modulesDir, entry.name, 'sql') + path.sep)).map((file) => ({ ...file, module: entry.name })),
  );

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

async function definitionOf(executor: TestDatabase['db'], name: string): Promise<string[]> {
  const result = await sql<{ definition: string }>`
    select pg_get_functiondef(p.oid) as definition
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname = 'public' and p.proname = ${name}`.execute(executor);
  return result.rows.map((row) => row.definition);
}

describe('the PL/pgSQL functions of the modules', () => {
  it('are found: the ledger and trade folders hold their functions', () => {
    expect(files.map((file) => `${file.module}/${file.name}`)).toEqual(
      expect.arrayContaining(['ledger/ledger_post', 'ledger/ledger_lock_accounts', 'trade/trade_pay_order', 'trade/trade_pay_orders']),
    );
  });

  it('in a freshly migrated database are exactly their files', async () => {
    const differing: string[] = [];
    for (const file of files) {
      const installed = await definitionOf(database.db, file.name);
      expect(installed, `${file.name} is installed once`).toHaveLength(1);
      // The file run again gives the catalogue's own rendering of its definition to compare with.
      const fromFile = await database.db
        .transaction()
        .execute(async (trx) => {
          await sql.raw(file.text).execute(trx);
          const definition = await definitionOf(trx, file.name);
          throw Object.assign(new Error('rollback'), { definition });
        })
        .catch((error: { definition?: string[] }) => {
          if (!error.definition) throw error;
          return error.definition;
        });
      if (fromFile[0] !== installed[0]) differing.push(file.name);
    }
    expect(differing).toEqual([]);
  });

  it('each have their file: no PL/pgSQL function is defined only inline', async () => {
    const result = await sql<{ name: string }>`
      select p.proname as name from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace join pg_language l on l.oid = p.prolang
       where n.nspname = 'public' and l.lanname = 'plpgsql'
       order by 1`.execute(database.db);
    const withFiles = new Set(files.map((file) => file.name));
    // The withdrawal transition trigger is generated from the transition table in
    // withdrawal-states.ts (one table for the code and the database), so it has no file.
    const generated = new Set(['withdrawal_check_transition']);
    expect(result.rows.map((row) => row.name).filter((name) => !withFiles.has(name) && !generated.has(name))).toEqual([]);
  });

  it('notify on the channels the code listens to', () => {
    const sessionEnd = files.find((file) => file.name === 'account_events_announce_session_end');
    expect(sessionEnd?.text).toContain(`pg_notify('${sessionEndedChannel}'`);
  });
  // Which tables a function may name is the boundary check's job (`npm run boundaries` reads
  // `sql/*.sql` too).
});

describe('a function file', () => {
  const folder = pathToFileURL(mkdtempSync(path.join(tmpdir(), 'coffer-sql-')) + path.sep);
  const write = (name: string, version: number, body: string, digest = sqlFunctionDigest(body)) =>
    writeFileSync(new URL(`${name}.sql`, folder), `-- version: ${version} sha256: ${digest}\n${body}`);

  it('is refused when edited without a new marker, so a change cannot skip its migration', () => {
    const body = 'create or replace function f() returns integer language sql as $$ select 1 $$;\n';
    write('f', 1, body.replace('select 1', 'select 2'), sqlFunctionDigest(body));
    expect(() => readSqlFunction(folder, 'f')).toThrow(/changed but its marker did not/);
  });

  it('at a new version is refused by the migration that installed the previous one', () => {
    write('g', 2, 'create or replace function g() returns integer language sql as $$ select 2 $$;\n');
    expect(readSqlFunction(folder, 'g').version).toBe(2);
    expect(() => sqlFunction(folder, 'g', 1)).toThrow(/is at version 2, this migration installs version 1/);
    expect(() => sqlFunction(folder, 'g', 2)).not.toThrow();
    expect(() => sqlFunction(folder, 'g', 'current')).not.toThrow();
  });
});
