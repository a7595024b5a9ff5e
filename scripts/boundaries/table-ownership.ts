/**
 * Table ownership on the server: the module whose migration creates a table is the only one
 * that names it. Owners come from the migrations (`create table x` in
 * `modules/<module>/*.migration.ts`, `createTable('x')` or SQL in `platform/db/migrations/`);
 * references are found in the syntax tree, so comments never count:
 * - Kysely calls naming a table: `selectFrom('x')`, `insertInto`, `updateTable`, `deleteFrom`,
 *   `mergeInto`, the joins, `sql.table('x')`;
 * - SQL text in strings and templates (tagged `sql` or plain, as the hot statements of trade
 *   are): `from x`, `join x`, `into x`, `update x`, `table x` (alter/lock/truncate), and
 *   trigger events `after insert on x`.
 * SQL source files (`modules/<module>/sql/*.sql`, installed by migrations) are scanned with the
 * same SQL patterns, their comments left out.
 * Test code (`*.test.ts`, `*-test-kit.ts`) may reach any table and is not scanned.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { type Violation, violationKey } from './ratchet';

export const serverSourceDir = 'apps/server/src';

export interface TableOwner {
  table: string;
  /** `modules/<module>` or `platform`, relative to the server's src. */
  owner: string;
  /** The migration that creates it, relative to the repository root. */
  migration: string;
}

const posix = (file: string) => file.split(path.sep).join('/');

function listFiles(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && keep(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const listTsFiles = (dir: string) => listFiles(dir, (name) => name.endsWith('.ts') && !name.endsWith('.d.ts'));
/** PL/pgSQL and other SQL sources a migration installs (`modules/<module>/sql/*.sql`). */
const listSqlFiles = (dir: string) => listFiles(dir, (name) => name.endsWith('.sql'));

/** SQL text with its comments blanked out (same length, so positions keep their lines). */
function withoutSqlComments(text: string): string {
  return text.replace(/--[^\n]*|\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
}

export const isTestCode = (file: string) => /\.test\.ts$|-test-kit\.ts$/.test(file);

/** `modules/<module>` or `platform` for a file under the server's src, `root` for app.ts, main.ts. */
export function ownerOf(fileUnderSrc: string): string {
  const parts = posix(fileUnderSrc).split('/');
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  if (parts[0] === 'platform') return 'platform';
  return 'root';
}

const createTablePattern =
  /\bcreate\s+(?:(?:global\s+|local\s+)?(?:temp|temporary|unlogged)\s+)?table\s+(?:if\s+not\s+exists\s+)?(?:public\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const kyselyCreateTablePattern = /\.createTable\(\s*['"`]([a-z_][a-z0-9_]*)['"`]/g;

function isMigration(fileUnderSrc: string): boolean {
  const file = posix(fileUnderSrc);
  return (
    (file.startsWith('modules/') && file.endsWith('.migration.ts')) ||
    (file.startsWith('platform/db/migrations/') && !file.endsWith('/index.ts'))
  );
}

export function findTableOwners(root: string): Map<string, TableOwner> {
  const srcDir = path.join(root, serverSourceDir);
  const owners = new Map<string, TableOwner>();
  for (const file of listTsFiles(srcDir)) {
    const underSrc = path.relative(srcDir, file);
    if (!isMigration(underSrc) || isTestCode(file)) continue;
    const text = readFileSync(file, 'utf8');
    const owner = ownerOf(underSrc);
    const migration = posix(path.relative(root, file));
    for (const match of [...text.matchAll(createTablePattern), ...text.matchAll(kyselyCreateTablePattern)]) {
      const table = (match[1] ?? '').toLowerCase();
      const known = owners.get(table);
      if (known && known.owner !== owner) {
        throw new Error(`Table ${table} is created by two modules: ${known.migration} and ${migration}`);
      }
      if (!known) owners.set(table, { table, owner, migration });
    }
  }
  return owners;
}

const kyselyTableMethods = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'using',
]);

interface Reference {
  table: string;
  position: number;
  how: string;
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function sqlPatterns(tables: readonly string[]): RegExp[] {
  const names = tables.map(escapeRegExp).join('|');
  const name = `(?:public\\.)?"?(${names})"?(?![\\w$])`;
  return [
    // from x, join x, into x, update x, alter/lock/truncate table x, truncate x
    new RegExp(`\\b(?:from|join|into|update|table|truncate)\\s+(?:only\\s+)?${name}`, 'gi'),
    // a trigger on another module's table: after insert or update of amount on x
    new RegExp(
      `\\b(?:insert|update|delete|truncate)(?:\\s+of\\s+[\\w\\s,]+?)?(?:\\s+or\\s+(?:insert|update|delete|truncate)(?:\\s+of\\s+[\\w\\s,]+?)?)*\\s+on\\s+(?:only\\s+)?${name}`,
      'gi',
    ),
  ];
}

/** The table a Kysely argument names: `'entry'`, `'entry as e'`, `'public.entry'`. */
function tableOfKyselyArgument(text: string): string {
  return (text.trim().split(/\s+/)[0] ?? '').replace(/^public\./, '').toLowerCase();
}

function findReferences(sourceFile: ts.SourceFile, tables: ReadonlySet<string>, patterns: readonly RegExp[]): Reference[] {
  const references: Reference[] = [];
  const text = sourceFile.text;

  const addKyselyArgument = (argument: ts.Expression, how: string) => {
    const literals = ts.isArrayLiteralExpression(argument) ? [...argument.elements] : [argument];
    for (const literal of literals) {
      if (!ts.isStringLiteralLike(literal)) continue;
      const table = tableOfKyselyArgument(literal.text);
      if (tables.has(table)) references.push({ table, position: literal.getStart(sourceFile), how });
    }
  };

  const scanSqlText = (node: ts.Node) => {
    const start = node.getStart(sourceFile);
    const raw = text.slice(start, node.getEnd());
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      for (const match of raw.matchAll(pattern)) {
        const table = (match[1] ?? '').toLowerCase();
        references.push({ table, position: start + (match.index ?? 0), how: `SQL "${match[0].replace(/\s+/g, ' ')}"` });
      }
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [first] = node.arguments;
      const isSqlTable = method === 'table' && ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'sql';
      if (first && (kyselyTableMethods.has(method) || isSqlTable)) addKyselyArgument(first, isSqlTable ? 'sql.table()' : `${method}()`);
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      scanSqlText(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return references;
}

function howToFix(owner: TableOwner): string {
  if (owner.owner === 'platform') {
    return 'Only the platform reaches its tables: go through the platform code that uses it, or move the table into the module that needs it.';
  }
  return `Only module ${owner.owner.slice('modules/'.length)} reaches its tables: call a function of apps/server/src/${owner.owner}/index.ts instead (add one there if it is missing).`;
}

export interface TableScan {
  owners: Map<string, TableOwner>;
  violations: Violation[];
  filesScanned: number;
}

/** Every reference to a table from outside its owner's folder, one violation per place. */
export function scanTableOwnership(root: string): TableScan {
  const owners = findTableOwners(root);
  const srcDir = path.join(root, serverSourceDir);
  const tables = new Set(owners.keys());
  const patterns = tables.size > 0 ? sqlPatterns([...tables]) : [];
  const violations: Violation[] = [];
  let filesScanned = 0;
  for (const file of listTsFiles(srcDir)) {
    if (isTestCode(file)) continue;
    filesScanned += 1;
    const underSrc = path.relative(srcDir, file);
    const fileOwner = ownerOf(underSrc);
    const relative = posix(path.relative(root, file));
    const sourceFile = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const reference of findReferences(sourceFile, tables, patterns)) {
      const owner = owners.get(reference.table);
      if (!owner || owner.owner === fileOwner) continue;
      violations.push({
        file: relative,
        line: sourceFile.getLineAndCharacterOfPosition(reference.position).line + 1,
        rule: 'table-ownership',
        key: violationKey(relative, reference.table),
        message: `${reference.how} names table ${reference.table}, created by ${owner.migration}. ${howToFix(owner)}`,
      });
    }
  }
  for (const file of listSqlFiles(srcDir)) {
    filesScanned += 1;
    const fileOwner = ownerOf(path.relative(srcDir, file));
    const relative = posix(path.relative(root, file));
    const text = withoutSqlComments(readFileSync(file, 'utf8'));
    for (const pattern of patterns) {
      pattern.lastIndex = 0;
      for (const match of text.matchAll(pattern)) {
        const table = (match[1] ?? '').toLowerCase();
        const owner = owners.get(table);
        if (!owner || owner.owner === fileOwner) continue;
        violations.push({
          file: relative,
          line: text.slice(0, match.index ?? 0).split('\n').length,
          rule: 'table-ownership',
          key: violationKey(relative, table),
          message: `SQL "${match[0].replace(/\s+/g, ' ')}" names table ${table}, created by ${owner.migration}. ${howToFix(owner)}`,
        });
      }
    }
  }
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { owners, violations, filesScanned };
}
