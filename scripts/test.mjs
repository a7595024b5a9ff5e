#!/usr/bin/env node
/**
 * `npm test`: every check and test — typecheck, lint and translations, then unit, server
 * and component tests, then the browser journeys against the server as `npm start` runs it.
 * Ends with one line "tests: N passed, N failed".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, '.artifacts', 'test-reports');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(command, args, options = {}) {
  console.log(`\n▶ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  return result.status ?? 1;
}

function ensureChromium() {
  if (existsSync(chromiumPath)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${chromiumPath}. Install Debian's package as root: apt-get update && apt-get install -y chromium`,
    );
    return false;
  }
  console.log('Installing Debian chromium for the browser tests…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return run('apt-get', ['update', '-qq'], { env }) === 0 && run('apt-get', ['install', '-y', '-qq', 'chromium'], { env }) === 0;
}

function countsFrom(reportFile) {
  if (!existsSync(reportFile)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  // A file that failed to load has no tests yet counts as a failure.
  const brokenFiles = report.testResults.filter((file) => file.status === 'failed' && file.assertionResults.length === 0).length;
  return { passed: report.numPassedTests, failed: report.numFailedTests + brokenFiles };
}

rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

let failed = 0;
let passed = 0;
const checkStatus = run('npm', ['run', 'check']);
if (checkStatus !== 0) failed += 1;

const unitReport = path.join(reportDir, 'unit.json');
run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`]);
const unit = countsFrom(unitReport);
passed += unit.passed;
failed += unit.failed;

if (ensureChromium()) {
  const e2eReport = path.join(reportDir, 'e2e.json');
  run('npx', [
    'vitest',
    'run',
    '--config',
    'e2e/vitest.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${e2eReport}`,
  ]);
  const e2e = countsFrom(e2eReport);
  passed += e2e.passed;
  failed += e2e.failed;
} else {
  failed += 1;
}

console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
