/**
 * Import direction, as an ESLint rule run over the server's and the web app's sources:
 * - server: a module imports another module only through its `index.ts` (`../wallet`, never
 *   `../wallet/bills.service`); the platform imports no module, without exception (the migration
 *   list and the Kysely table map live in the composition root, beside app.ts);
 * - web: a feature imports shared/, the contract and itself, never another feature nor app/;
 *   shared/ imports neither features/ nor app/.
 * Relative specifiers are resolved against the importing file, so depth does not matter.
 * The same pass records every runtime import (type-only and dynamic imports excepted) for the
 * cycle check: an import that closes a loop of modules is reported as `no-cycle`.
 */
import path from 'node:path';
import { ESLint, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { type Violation, violationKey } from './ratchet';

export const importRoots = ['apps/server/src', 'apps/web/src'];

const posix = (file: string) => file.split(path.sep).join('/');

type Place =
  | { app: 'server'; area: 'module'; name: string; rest: string }
  | { app: 'server'; area: 'platform' | 'root'; rest: string }
  | { app: 'web'; area: 'feature'; name: string; rest: string }
  | { app: 'web'; area: 'shared' | 'app' | 'root'; rest: string }
  | { app: 'other' };

/** Where a path (relative to the repository root, without extension games) lies. */
export function placeOf(file: string): Place {
  const parts = posix(file).split('/');
  const [a, b, c, d, e, ...rest] = parts;
  if (a !== 'apps' || c !== 'src' || d === undefined) return { app: 'other' };
  if (b === 'server') {
    if (d === 'modules' && e !== undefined) return { app: 'server', area: 'module', name: e, rest: rest.join('/') };
    if (d === 'platform') return { app: 'server', area: 'platform', rest: parts.slice(4).join('/') };
    return { app: 'server', area: 'root', rest: parts.slice(3).join('/') };
  }
  if (b === 'web') {
    if (d === 'features' && e !== undefined) return { app: 'web', area: 'feature', name: e, rest: rest.join('/') };
    if (d === 'shared' || d === 'app') return { app: 'web', area: d, rest: parts.slice(4).join('/') };
    return { app: 'web', area: 'root', rest: parts.slice(3).join('/') };
  }
  return { app: 'other' };
}

const isModuleEntry = (rest: string) => rest === '' || /^index(\.[cm]?[jt]sx?)?$/.test(rest);

export interface DirectionProblem {
  rule: 'module-entry' | 'platform-imports-module' | 'cross-feature' | 'import-into-app' | 'shared-imports-feature';
  message: string;
}

/** The rule an import from `file` to `target` (both relative to the repository root) breaks, if any. */
export function directionProblem(file: string, target: string, specifier: string): DirectionProblem | undefined {
  const from = placeOf(file);
  const to = placeOf(target);
  if (from.app === 'server' && to.app === 'server' && to.area === 'module') {
    if (from.area === 'module' && from.name !== to.name && !isModuleEntry(to.rest)) {
      const entry = posix(path.relative(path.dirname(file), `apps/server/src/modules/${to.name}`));
      return {
        rule: 'module-entry',
        message: `'${specifier}' reaches inside module ${to.name}. Import it from '${entry}' (the module's index.ts), exporting it there if other modules may use it.`,
      };
    }
    if (from.area === 'platform') {
      return {
        rule: 'platform-imports-module',
        message: `'${specifier}': the platform imports no module. Move the code into the platform, or have app.ts pass the module's function in.`,
      };
    }
  }
  if (from.app === 'web' && to.app === 'web') {
    if (from.area === 'feature' && to.area === 'feature' && from.name !== to.name) {
      return {
        rule: 'cross-feature',
        message: `'${specifier}': feature ${from.name} imports feature ${to.name}. Move what both need to apps/web/src/shared/, or compose the two in app/.`,
      };
    }
    if ((from.area === 'feature' || from.area === 'shared') && to.area === 'app') {
      return {
        rule: 'import-into-app',
        message: `'${specifier}' imports up into app/. Move what it needs to apps/web/src/shared/ (or have app/ pass it in).`,
      };
    }
    if (from.area === 'shared' && to.area === 'feature') {
      return {
        rule: 'shared-imports-feature',
        message: `'${specifier}': shared/ imports feature ${to.name}. Move the code into shared/, or have the feature pass it in.`,
      };
    }
  }
  return undefined;
}

/** A runtime import between two files of the repository, for the cycle check. */
export interface ImportEdge {
  file: string;
  target: string;
  specifier: string;
  line: number;
}

type ImportNode = Parameters<Rule.RuleListener['ImportDeclaration'] & object>[0];
type ExportNode = Parameters<Rule.RuleListener['ExportNamedDeclaration'] & object>[0];

function isTypeOnly(node: ImportNode | ExportNode): boolean {
  const typed = node as { importKind?: string; exportKind?: string; specifiers: { importKind?: string; exportKind?: string }[] };
  if (typed.importKind === 'type' || typed.exportKind === 'type') return true;
  return (
    typed.specifiers.length > 0 && typed.specifiers.every((specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type')
  );
}

function createDirectionRule(root: string, edges: ImportEdge[]): Rule.RuleModule {
  return {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const file = posix(path.relative(root, context.filename));
      const check = (node: Rule.Node, source: unknown, runtime: boolean) => {
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = posix(path.relative(root, path.resolve(path.dirname(context.filename), source)));
        if (runtime) edges.push({ file, target, specifier: source, line: node.loc?.start.line ?? 0 });
        const problem = directionProblem(file, target, source);
        if (problem) context.report({ node, message: `[${problem.rule}] ${problem.message}` });
      };
      return {
        ImportDeclaration: (node) => check(node, node.source.value, !isTypeOnly(node)),
        ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, !isTypeOnly(node)),
        ExportAllDeclaration: (node) => check(node, node.source.value, (node as { exportKind?: string }).exportKind !== 'type'),
        ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false),
      };
    },
  };
}

const withoutExtension = (file: string) => file.replace(/\.(?:[cm]?[jt]sx?)$/, '');

/** Tarjan's strongly connected components over the runtime imports; every edge inside one closes a cycle. */
export function findCycleEdges(edges: readonly ImportEdge[]): { edge: ImportEdge; cycle: string[] }[] {
  const files = new Map<string, string>();
  const graph = new Map<string, { edge: ImportEdge; to: string }[]>();
  const nodeOf = (file: string) => withoutExtension(file).replace(/\/index$/, '');
  for (const edge of edges) {
    const from = nodeOf(edge.file);
    files.set(from, edge.file);
    if (!graph.has(from)) graph.set(from, []);
  }
  for (const edge of edges) {
    const to = nodeOf(edge.target);
    if (graph.has(to)) graph.get(nodeOf(edge.file))?.push({ edge, to });
  }

  const index = new Map<string, number>();
  const lowLink = new Map<string, number>();
  const component = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  let counter = 0;
  let components = 0;
  const strongConnect = (node: string) => {
    index.set(node, counter);
    lowLink.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const { to } of graph.get(node) ?? []) {
      if (!index.has(to)) {
        strongConnect(to);
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, lowLink.get(to) ?? 0));
      } else if (onStack.has(to)) {
        lowLink.set(node, Math.min(lowLink.get(node) ?? 0, index.get(to) ?? 0));
      }
    }
    if (lowLink.get(node) === index.get(node)) {
      for (;;) {
        const member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.set(member, components);
        if (member === node) break;
      }
      components += 1;
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) strongConnect(node);

  // The shortest way back from an edge's target to its source, inside their component.
  const pathBack = (start: string, goal: string): string[] => {
    const previous = new Map<string, string>([[start, start]]);
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift() as string;
      if (node === goal) break;
      for (const { to } of graph.get(node) ?? []) {
        if (previous.has(to) || component.get(to) !== component.get(goal)) continue;
        previous.set(to, node);
        queue.push(to);
      }
    }
    const route = [goal];
    while (route[0] !== start) route.unshift(previous.get(route[0] as string) as string);
    return route;
  };

  const found: { edge: ImportEdge; cycle: string[] }[] = [];
  for (const [from, outgoing] of graph) {
    for (const { edge, to } of outgoing) {
      if (component.get(from) !== component.get(to)) continue;
      const cycle = to === from ? [from] : pathBack(to, from);
      found.push({ edge, cycle: [from, ...cycle].map((node) => files.get(node) ?? node) });
    }
  }
  return found;
}

export interface ImportScan {
  violations: Violation[];
  filesLinted: number;
  edges: number;
}

/** Lints the sources under `root` with the direction rule and reports direction and cycle violations. */
export async function scanImportBoundaries(root: string, roots: readonly string[] = importRoots): Promise<ImportScan> {
  const edges: ImportEdge[] = [];
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: roots.flatMap((dir) => [`${dir}/**/*.ts`, `${dir}/**/*.tsx`]),
        ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*-test-kit.ts', '**/*.d.ts'],
        languageOptions: { parser: tseslint.parser },
        // A comment cannot silence a boundary: the baseline is the only way to keep one.
        linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
        plugins: { boundaries: { rules: { 'import-direction': createDirectionRule(root, edges) } } },
        rules: { 'boundaries/import-direction': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(roots.map((dir) => `${dir}/**/*.{ts,tsx}`));
  const violations: Violation[] = [];
  let filesLinted = 0;
  for (const result of results) {
    const file = posix(path.relative(root, result.filePath));
    filesLinted += 1;
    for (const message of result.messages) {
      if (message.fatal) throw new Error(`${file}:${message.line}: ${message.message}`);
      if (message.ruleId !== 'boundaries/import-direction') continue;
      const rule = /^\[([\w-]+)\] /.exec(message.message)?.[1] ?? 'import-direction';
      const specifier = /'([^']+)'/.exec(message.message)?.[1] ?? '';
      violations.push({
        file,
        line: message.line,
        rule,
        key: violationKey(file, specifier),
        message: message.message.slice(rule.length + 3),
      });
    }
  }
  for (const { edge, cycle } of findCycleEdges(edges)) {
    violations.push({
      file: edge.file,
      line: edge.line,
      rule: 'no-cycle',
      key: `${violationKey(edge.file, edge.specifier)} (cycle)`,
      message: `'${edge.specifier}' closes an import cycle: ${cycle.join(' → ')}. Break it by moving what both sides need into a file both import.`,
    });
  }
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  return { violations, filesLinted, edges: edges.length };
}
