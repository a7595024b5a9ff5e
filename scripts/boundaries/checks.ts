/**
 * The two boundary checks of `npm run check` with their ratchet: what they found, measured
 * against scripts/boundaries/baseline.json. See docs/ARCHITECTURE.md, "Boundaries".
 */
import path from 'node:path';
import { scanImportBoundaries } from './import-boundaries';
import { applyRatchet, type BaselineSection, describeRatchet, readBaseline, type Violation } from './ratchet';
import { scanTableOwnership } from './table-ownership';

export const defaultBaselinePath = 'scripts/boundaries/baseline.json';

export interface CheckOutcome {
  ok: boolean;
  /** Totals, printed whether the check passes or not. */
  summary: string[];
  /** What to fix; empty when the check passes. */
  problems: string[];
}

function ratchet(violations: Violation[], section: BaselineSection, root: string, baselinePath: string) {
  const baseline = readBaseline(path.resolve(root, baselinePath))[section];
  const result = applyRatchet(violations, baseline);
  const problems = describeRatchet(result, section, baselinePath);
  if (result.added.length > 0) {
    problems.unshift(
      `${result.added.length} new boundary violation${result.added.length === 1 ? '' : 's'} (not in ${baselinePath}; fix the code, do not add it there):`,
    );
  }
  return { ok: problems.length === 0, problems, baselined: baseline.length };
}

const count = (items: Iterable<string>) => new Set(items).size;

export function checkTableOwnership(root: string, baselinePath = defaultBaselinePath): CheckOutcome {
  const scan = scanTableOwnership(root);
  const { ok, problems, baselined } = ratchet(scan.violations, 'tables', root, baselinePath);
  const summary = [
    `Table ownership: ${scan.owners.size} tables owned by their migrations' modules, ${scan.filesScanned} server files scanned.`,
    `  cross-module table references: ${scan.violations.length} places, ${count(scan.violations.map((v) => v.key))} file → table pairs, ` +
      `in ${count(scan.violations.map((v) => v.file))} files (baseline: ${baselined} pairs).`,
  ];
  return { ok, summary, problems };
}

export async function checkImportBoundaries(root: string, baselinePath = defaultBaselinePath): Promise<CheckOutcome> {
  const scan = await scanImportBoundaries(root);
  const { ok, problems, baselined } = ratchet(scan.violations, 'imports', root, baselinePath);
  const byRule = new Map<string, number>();
  for (const violation of scan.violations) byRule.set(violation.rule, (byRule.get(violation.rule) ?? 0) + 1);
  const rules = ['module-entry', 'platform-imports-module', 'cross-feature', 'import-into-app', 'shared-imports-feature', 'no-cycle'];
  const summary = [
    `Import boundaries: ${scan.filesLinted} files, ${scan.edges} runtime imports between them.`,
    `  ${rules.map((rule) => `${rule}: ${byRule.get(rule) ?? 0}`).join(', ')} (baseline: ${baselined} entries).`,
  ];
  return { ok, summary, problems };
}

/** Prints an outcome the way the CLI scripts do and sets the exit code. */
export function report(outcome: CheckOutcome): void {
  for (const line of outcome.summary) console.log(line);
  if (!outcome.ok) {
    console.error(outcome.problems.join('\n'));
    process.exitCode = 1;
  }
}
