/**
 * The ratchet shared by the boundary checks: today's violations are listed in a committed
 * baseline; a violation not in it fails the check, and so does a baseline entry that no
 * longer occurs, so the list only ever shrinks.
 */
import { readFileSync } from 'node:fs';

/** One broken rule at one place. `key` is what the baseline lists: `file → table` or `file → import`. */
export interface Violation {
  file: string;
  line: number;
  rule: string;
  key: string;
  message: string;
}

export interface Baseline {
  tables: string[];
  imports: string[];
}

export type BaselineSection = keyof Baseline;

export interface RatchetResult {
  /** Violations whose key is not in the baseline. */
  added: Violation[];
  /** Baseline entries that no longer occur. */
  gone: string[];
}

export const violationKey = (file: string, target: string) => `${file} → ${target}`;

export function readBaseline(file: string): Baseline {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Baseline>;
  return { tables: parsed.tables ?? [], imports: parsed.imports ?? [] };
}

export function applyRatchet(violations: readonly Violation[], baselineEntries: readonly string[]): RatchetResult {
  const allowed = new Set(baselineEntries);
  const seen = new Set(violations.map((violation) => violation.key));
  return {
    added: violations.filter((violation) => !allowed.has(violation.key)),
    gone: [...allowed].filter((entry) => !seen.has(entry)).sort(),
  };
}

/** The check's verdict in words a developer can act on; empty when the check passes. */
export function describeRatchet(result: RatchetResult, section: BaselineSection, baselinePath: string): string[] {
  const lines: string[] = [];
  for (const violation of result.added) {
    lines.push(`${violation.file}:${violation.line}  [${violation.rule}]  ${violation.message}`);
  }
  if (result.gone.length > 0) {
    lines.push(
      `${result.gone.length} entr${result.gone.length === 1 ? 'y' : 'ies'} of "${section}" in ${baselinePath} no longer occur${result.gone.length === 1 ? 's' : ''}. ` +
        'Well done: delete these lines from the baseline so they cannot come back:',
      ...result.gone.map((entry) => `  ${JSON.stringify(entry)}`),
    );
  }
  return lines;
}
