import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { checkImportBoundaries, checkTableOwnership } from './checks';
import { directionProblem, findCycleEdges } from './import-boundaries';
import { scanTableOwnership } from './table-ownership';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const baselinePath = 'scripts/boundaries/baseline.json';
const roots: string[] = [];

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

type Tree = Record<string, string>;

/** A small repository: two server modules and the platform, three web areas, all within bounds. */
const cleanTree: Tree = {
  'apps/server/src/modules/ledger/ledger.migration.ts': `
    import { sql } from 'kysely';
    export const up = (db: never) => sql\`
      create table journal (id bigint primary key);
      create table entry (journal_id bigint not null);
      create unlogged table ledger_queue (id bigint);
    \`.execute(db);`,
  'apps/server/src/modules/ledger/ledger.service.ts': `
    export const journals = (db: any) => db.selectFrom('journal as j').innerJoin('entry', 'entry.journal_id', 'j.id').selectAll().execute();`,
  'apps/server/src/modules/ledger/index.ts': `export { journals } from './ledger.service';`,
  'apps/server/src/modules/deposits/deposits.migration.ts': `
    import { sql } from 'kysely';
    export const up = (db: never) => sql\`create table deposit (id bigint); create table deposit_address (id bigint)\`.execute(db);`,
  'apps/server/src/modules/wallet/wallet.migration.ts': `
    import { sql } from 'kysely';
    export const up = (db: never) => sql\`create table if not exists wallet_transfer (id bigint)\`.execute(db);`,
  'apps/server/src/modules/wallet/bills.service.ts': `
    import { journals } from '../ledger';
    import { sql } from 'kysely';
    // Bills are read from journal entries, through the ledger (a comment names no table).
    const label = 'Your deposit address';
    export const bills = (db: any) => [journals(db), label, sql\`select * from wallet_transfer\`.execute(db)];`,
  'apps/server/src/modules/wallet/bills.service.test.ts': `
    export const peek = (db: any) => db.selectFrom('journal').selectAll().execute();`,
  'apps/server/src/platform/db/migrations/0001-node-heartbeat.ts': `
    export const up = (db: any) => db.schema.createTable('node_heartbeat').addColumn('id', 'bigint').execute();`,
  'apps/server/src/migrations.ts': `
    import * as ledger from './modules/ledger/ledger.migration';
    import * as heartbeat from './platform/db/migrations/0001-node-heartbeat';
    export const migrations = { ledger, heartbeat };`,
  'apps/server/src/platform/heartbeat.ts': `
    export const beat = (db: any) => db.insertInto('node_heartbeat').values({ id: 1 }).execute();`,
  'apps/web/src/app/route-table.ts': `export const routes = ['/'];`,
  'apps/web/src/app/router.tsx': `
    import { routes } from './route-table';
    export const pages = [routes, () => import('../features/market/pages/market-page')];`,
  'apps/web/src/shared/ui/coin-badge.tsx': `export const CoinBadge = () => null;`,
  'apps/web/src/features/wallet/components/balance.tsx': `
    import { CoinBadge } from '../../../shared/ui/coin-badge';
    export const Balance = () => CoinBadge();`,
  'apps/web/src/features/market/pages/market-page.tsx': `
    import { CoinBadge } from '../../../shared/ui/coin-badge';
    import { sparkline } from '../components/sparkline';
    export const MarketPage = () => [CoinBadge(), sparkline];`,
  'apps/web/src/features/market/components/sparkline.ts': `export const sparkline = 'M0 0';`,
};

function makeRepo(tree: Tree, baseline: { tables?: string[]; imports?: string[] } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'coffer-boundaries-'));
  roots.push(root);
  const files: Tree = { ...tree, [baselinePath]: JSON.stringify({ tables: baseline.tables ?? [], imports: baseline.imports ?? [] }) };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('table ownership', () => {
  it('finds each table owner in the migrations, of modules and of the platform', () => {
    const owners = scanTableOwnership(makeRepo(cleanTree)).owners;
    expect(Object.fromEntries([...owners].map(([table, owner]) => [table, owner.owner]))).toEqual({
      journal: 'modules/ledger',
      entry: 'modules/ledger',
      ledger_queue: 'modules/ledger',
      deposit: 'modules/deposits',
      deposit_address: 'modules/deposits',
      wallet_transfer: 'modules/wallet',
      node_heartbeat: 'platform',
    });
  });

  it('passes a clean repository: own tables, comments, prose and test files are not references', () => {
    const outcome = checkTableOwnership(makeRepo(cleanTree));
    expect(outcome.problems).toEqual([]);
    expect(outcome.ok).toBe(true);
    expect(outcome.summary.join('\n')).toContain('cross-module table references: 0 places');
  });

  it('fails on a new cross-module table access, naming file, line, table and owner', () => {
    const root = makeRepo({
      ...cleanTree,
      'apps/server/src/modules/wallet/balances.service.ts': [
        `import { sql } from 'kysely';`,
        `export const sum = (db: any) => db.selectFrom('entry as e').selectAll().execute();`,
        `export const raw = (db: any) => sql\`select count(*) from public.journal j\`.execute(db);`,
        `export const texts = [\`insert into deposit_address (id) values ($1)\`, 'update deposit set id = 1'];`,
        `export const heartbeat = (db: any) => db.deleteFrom('node_heartbeat').execute();`,
        `export const trigger = \`create trigger t after insert or update of id on journal for each row execute function f()\`;`,
      ].join('\n'),
    });
    const outcome = checkTableOwnership(root);
    expect(outcome.ok).toBe(false);
    const text = outcome.problems.join('\n');
    const file = 'apps/server/src/modules/wallet/balances.service.ts';
    expect(text).toContain('6 new boundary violations');
    expect(text).toContain(
      `${file}:2  [table-ownership]  selectFrom() names table entry, created by apps/server/src/modules/ledger/ledger.migration.ts.`,
    );
    expect(text).toContain('call a function of apps/server/src/modules/ledger/index.ts instead');
    expect(text).toContain(`${file}:3  [table-ownership]  SQL "from public.journal" names table journal`);
    expect(text).toContain(`${file}:4  [table-ownership]  SQL "into deposit_address" names table deposit_address`);
    expect(text).toContain(`${file}:4  [table-ownership]  SQL "update deposit" names table deposit,`);
    expect(text).toContain(`${file}:5  [table-ownership]  deleteFrom() names table node_heartbeat`);
    expect(text).toContain(`${file}:6  [table-ownership]  SQL "insert or update of id on journal" names table journal`);
  });

  it('reads SQL source files too: a function of one module naming another’s table fails, a comment does not', () => {
    const root = makeRepo({
      ...cleanTree,
      'apps/server/src/modules/ledger/sql/ledger_post.sql': `-- reads journal and entry, its own tables\nselect 1 from journal;\n`,
      'apps/server/src/modules/wallet/sql/wallet_sum.sql': [
        `-- a comment naming from deposit is not a reference`,
        `create function wallet_sum() returns bigint language sql as $$`,
        `  select count(*) from wallet_transfer t join entry e on e.journal_id = t.id`,
        `$$;`,
      ].join('\n'),
    });
    const outcome = checkTableOwnership(root);
    expect(outcome.ok).toBe(false);
    const text = outcome.problems.join('\n');
    expect(text).toContain('1 new boundary violation');
    expect(text).toContain('apps/server/src/modules/wallet/sql/wallet_sum.sql:3  [table-ownership]  SQL "join entry" names table entry');
  });

  it('lets a baselined file → table pass and fails only the new one', () => {
    const tree = {
      ...cleanTree,
      'apps/server/src/modules/wallet/balances.service.ts': `export const sum = (db: any) => [db.selectFrom('entry'), db.selectFrom('journal')];`,
    };
    const outcome = checkTableOwnership(makeRepo(tree, { tables: ['apps/server/src/modules/wallet/balances.service.ts → entry'] }));
    expect(outcome.ok).toBe(false);
    expect(outcome.problems).toHaveLength(2);
    expect(outcome.problems[1]).toContain('names table journal');
    expect(outcome.problems.join('\n')).not.toContain('names table entry');
  });

  it('fails when a baseline entry no longer occurs, and says to delete it', () => {
    const gone = 'apps/server/src/modules/wallet/bills.service.ts → entry';
    const outcome = checkTableOwnership(makeRepo(cleanTree, { tables: [gone] }));
    expect(outcome.ok).toBe(false);
    expect(outcome.problems.join('\n')).toMatch(/no longer occurs\. Well done: delete these lines/);
    expect(outcome.problems).toContain(`  ${JSON.stringify(gone)}`);
  });
});

describe('import boundaries', () => {
  it('passes a clean repository (module index, own feature, shared, app importing features, the migration registry)', async () => {
    const outcome = await checkImportBoundaries(makeRepo(cleanTree));
    expect(outcome.problems).toEqual([]);
    expect(outcome.ok).toBe(true);
  });

  it('fails on a new cross-feature import, a deep module import and imports into app/, naming file, line and rule', async () => {
    const root = makeRepo({
      ...cleanTree,
      'apps/web/src/features/market/components/price.tsx': [
        `import { Balance } from '../../wallet/components/balance';`,
        `import { routes } from '../../../app/route-table';`,
        `export const Price = () => [Balance(), routes];`,
      ].join('\n'),
      'apps/web/src/shared/ui/nav.tsx': `import { routes } from '../../app/route-table';\nimport { Balance } from '../../features/wallet/components/balance';\nexport const nav = [routes, Balance];`,
      'apps/server/src/modules/wallet/transfer.service.ts': `import { journals } from '../ledger/ledger.service';\nexport const transfer = journals;`,
      'apps/server/src/platform/http/bills.ts': `import { bills } from '../../modules/wallet';\nexport const route = bills;`,
    });
    const outcome = await checkImportBoundaries(root);
    expect(outcome.ok).toBe(false);
    const text = outcome.problems.join('\n');
    expect(text).toContain('6 new boundary violations');
    expect(text).toContain(
      `apps/web/src/features/market/components/price.tsx:1  [cross-feature]  '../../wallet/components/balance': feature market imports feature wallet. Move what both need to apps/web/src/shared/`,
    );
    expect(text).toContain(
      `apps/web/src/features/market/components/price.tsx:2  [import-into-app]  '../../../app/route-table' imports up into app/.`,
    );
    expect(text).toContain(`apps/web/src/shared/ui/nav.tsx:1  [import-into-app]`);
    expect(text).toContain(`apps/web/src/shared/ui/nav.tsx:2  [shared-imports-feature]`);
    expect(text).toContain(
      `apps/server/src/modules/wallet/transfer.service.ts:1  [module-entry]  '../ledger/ledger.service' reaches inside module ledger. Import it from '../ledger' (the module's index.ts)`,
    );
    expect(text).toContain(`apps/server/src/platform/http/bills.ts:1  [platform-imports-module]`);
  });

  it('is not silenced by an eslint-disable comment; only the baseline keeps an old violation', async () => {
    const tree = {
      ...cleanTree,
      'apps/web/src/features/market/components/price.tsx': [
        `/* eslint-disable */`,
        `import { Balance } from '../../wallet/components/balance';`,
        `import { routes } from '../../../app/route-table';`,
        `export const Price = () => [Balance(), routes];`,
      ].join('\n'),
    };
    const outcome = await checkImportBoundaries(
      makeRepo(tree, { imports: ['apps/web/src/features/market/components/price.tsx → ../../../app/route-table'] }),
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.problems).toHaveLength(2);
    expect(outcome.problems[1]).toContain('price.tsx:2  [cross-feature]');
  });

  it('fails when a baseline import no longer occurs', async () => {
    const gone = 'apps/web/src/features/market/pages/market-page.tsx → ../../wallet/components/balance';
    const outcome = await checkImportBoundaries(makeRepo(cleanTree, { imports: [gone] }));
    expect(outcome.ok).toBe(false);
    expect(outcome.problems.join('\n')).toContain('delete these lines from the baseline');
    expect(outcome.problems).toContain(`  ${JSON.stringify(gone)}`);
  });

  it('reports a runtime import cycle, but not one made only of type imports', async () => {
    const root = makeRepo({
      ...cleanTree,
      'apps/web/src/features/market/components/a.ts': `import { b } from './b';\nexport const a = () => b;`,
      'apps/web/src/features/market/components/b.ts': `import { c } from './c';\nexport const b = () => c;`,
      'apps/web/src/features/market/components/c.ts': `import { a } from './a';\nexport const c = () => a;`,
      'apps/web/src/features/market/components/d.ts': `import type { E } from './e';\nexport type D = E | 1;`,
      'apps/web/src/features/market/components/e.ts': `import { type D } from './d';\nexport type E = D | 2;`,
    });
    const outcome = await checkImportBoundaries(root);
    expect(outcome.ok).toBe(false);
    const cycles = outcome.problems.filter((line) => line.includes('[no-cycle]'));
    expect(cycles).toHaveLength(3);
    expect(cycles[0]).toContain(
      `apps/web/src/features/market/components/a.ts:1  [no-cycle]  './b' closes an import cycle: apps/web/src/features/market/components/a.ts → apps/web/src/features/market/components/b.ts → apps/web/src/features/market/components/c.ts → apps/web/src/features/market/components/a.ts.`,
    );
    expect(outcome.problems.join('\n')).not.toMatch(/[de]\.ts:\d+ {2}\[no-cycle\]/);
  });
});

describe('import direction rules', () => {
  it.each([
    ['apps/server/src/modules/wallet/a.ts', 'apps/server/src/modules/ledger', undefined],
    ['apps/server/src/modules/wallet/a.ts', 'apps/server/src/modules/ledger/index', undefined],
    ['apps/server/src/modules/wallet/a.ts', 'apps/server/src/modules/wallet/b', undefined],
    ['apps/server/src/modules/chain/evm/a.ts', 'apps/server/src/modules/chain/xrp', undefined],
    ['apps/server/src/modules/wallet/a.ts', 'apps/server/src/modules/chain/xrp', 'module-entry'],
    ['apps/server/src/modules/wallet/a.ts', 'apps/server/src/platform/db/database', undefined],
    ['apps/server/src/app.ts', 'apps/server/src/modules/wallet/wallet.routes', undefined],
    ['apps/server/src/database-schema.ts', 'apps/server/src/modules/wallet/wallet.schema', undefined],
    ['apps/server/src/migrations.ts', 'apps/server/src/modules/wallet/wallet.migration', undefined],
    ['apps/server/src/platform/db/schema.ts', 'apps/server/src/modules/wallet/wallet.schema', 'platform-imports-module'],
    ['apps/server/src/platform/db/migrations/index.ts', 'apps/server/src/modules/wallet/wallet.migration', 'platform-imports-module'],
    ['apps/server/src/platform/db/schema.ts', 'apps/server/src/modules/wallet/wallet.service', 'platform-imports-module'],
    ['apps/web/src/features/wallet/a.ts', 'apps/web/src/features/wallet/api/b', undefined],
    ['apps/web/src/features/wallet/a.ts', 'apps/web/src/features/trade/api/b', 'cross-feature'],
    ['apps/web/src/features/wallet/a.ts', 'apps/web/src/shared/ui/b', undefined],
    ['apps/web/src/app/router.tsx', 'apps/web/src/features/trade/pages/p', undefined],
    ['apps/web/src/shared/ui/a.ts', 'apps/web/src/app/route-table', 'import-into-app'],
    ['apps/web/src/shared/ui/a.ts', 'apps/web/src/features/trade/x', 'shared-imports-feature'],
    ['apps/web/src/main.tsx', 'apps/web/src/app/router', undefined],
  ])('%s → %s: %s', (file, target, rule) => {
    expect(directionProblem(file, target, './x')?.rule).toBe(rule);
  });

  it('finds no cycle in a chain of imports and one in a self-import', () => {
    const edge = (file: string, target: string) => ({ file, target, specifier: target, line: 1 });
    expect(findCycleEdges([edge('a.ts', 'b'), edge('b.ts', 'c'), edge('c.ts', 'x')])).toEqual([]);
    expect(findCycleEdges([edge('a.ts', 'a')]).map((found) => found.cycle)).toEqual([['a.ts', 'a.ts']]);
  });
});

describe('the check scripts', () => {
  const run = promisify(execFile);
  const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');

  it('exit 0 on a clean repository and 1 with the violation on stderr otherwise', async () => {
    const clean = makeRepo(cleanTree);
    const tables = await run(tsx, [path.join(repoRoot, 'scripts/check-table-ownership.ts')], { cwd: clean });
    expect(tables.stdout).toContain('cross-module table references: 0 places');
    const imports = await run(tsx, [path.join(repoRoot, 'scripts/check-import-boundaries.ts')], { cwd: clean });
    expect(imports.stdout).toContain('cross-feature: 0');

    const broken = makeRepo({
      ...cleanTree,
      'apps/server/src/modules/wallet/sum.ts': `export const sum = (db: any) => db.selectFrom('entry').selectAll().execute();`,
      'apps/web/src/features/wallet/components/chart.tsx': `import { sparkline } from '../../market/components/sparkline';\nexport const chart = sparkline;`,
    });
    await expect(run(tsx, [path.join(repoRoot, 'scripts/check-table-ownership.ts')], { cwd: broken })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('apps/server/src/modules/wallet/sum.ts:1  [table-ownership]  selectFrom() names table entry'),
    });
    await expect(run(tsx, [path.join(repoRoot, 'scripts/check-import-boundaries.ts')], { cwd: broken })).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('apps/web/src/features/wallet/components/chart.tsx:1  [cross-feature]'),
    });
  });
});
