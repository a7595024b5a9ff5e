#!/usr/bin/env node
/**
 * `npm run check`: typecheck, lint (with the boundary rules), format and translations. Each
 * compiler and the linter runs on one core; they run side by side, as many at a time as the
 * machine has cores, the longest first. Each step's output is printed whole when it ends, with
 * its time; the check fails when any step fails.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/** Longest first (seconds on a 2-core machine, measured): the slots fill best that way. */
const steps = [
  { name: 'lint', command: bin('eslint'), args: ['.'] },
  { name: 'typecheck apps/web', command: bin('tsc'), args: ['-p', 'apps/web'] },
  // The server, contract, client and scripts as one program; the benchmarks and journeys as another.
  { name: 'typecheck server, contract, client, scripts', command: bin('tsc'), args: ['-p', 'tsconfig.check-node.json'] },
  { name: 'typecheck bench, e2e', command: bin('tsc'), args: ['-p', 'tsconfig.check-dom.json'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '.'] },
  { name: 'translations', command: bin('tsx'), args: ['scripts/check-translations.ts'] },
  { name: 'table ownership', command: bin('tsx'), args: ['scripts/check-table-ownership.ts'] },
  { name: 'import boundaries', command: bin('tsx'), args: ['scripts/check-import-boundaries.ts'] },
];

function runStep(step) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      console.log(`${ok ? '✓' : '✗'} ${step.name} (${seconds} s)`);
      const text = Buffer.concat(output).toString('utf8').trim();
      if (text && !ok) console.log(text);
      resolve(ok);
    });
  });
}

const queue = [...steps];
let failed = 0;
const lanes = Array.from({ length: Math.max(1, Math.min(availableParallelism(), queue.length)) }, async () => {
  for (let step = queue.shift(); step; step = queue.shift()) if (!(await runStep(step))) failed += 1;
});
const started = performance.now();
await Promise.all(lanes);
console.log(`check: ${steps.length - failed} of ${steps.length} passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(failed === 0 ? 0 : 1);
