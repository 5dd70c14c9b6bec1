#!/usr/bin/env node
// Entry point of the README's two commands (`npm run demo`, `npm test`) on a machine that has only
// Node.js >= 20.19 and npm: it brings pnpm (pinned in package.json) through npx, installs the
// workspace from the lockfile, installs Debian's Chromium when browser tests need it, then runs.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpmVersion = manifest.packageManager.replace(/^pnpm@/, '');

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  fail(`Node.js ${process.versions.node} is too old: Marketkit needs Node.js 20.19 or newer.`);
}

const command = process.argv[2];
const tasks = {
  test: { script: 'verify', env: { MARKETKIT_GENERATE: 'check' }, needsBrowser: true, summary: true },
  demo: { script: 'demo:start', env: {}, needsBrowser: false },
  bench: { script: 'bench:run', env: {}, needsBrowser: true },
};
const task = tasks[command];
if (!task) fail(`usage: node scripts/marketkit.mjs <${Object.keys(tasks).join('|')}>`);

const toolsBin = join(root, '.marketkit', 'tools', 'node_modules', '.bin');
const pnpm = resolvePnpm();
run(pnpm, ['install', '--frozen-lockfile', '--prefer-offline'], 'installing the workspace');
if (task.needsBrowser && existsSync(join(root, 'e2e'))) ensureChromium();
if (task.summary) for (const file of resultFiles()) rmSync(file, { force: true });
run(pnpm, ['run', task.script, ...process.argv.slice(3)], `${command}`, {
  ...task.env,
  MARKETKIT_RESULTS: task.summary ? '1' : '',
});
if (task.summary) printSummary();

/** `test-results/*.json` of every workspace project (written by the runs, or restored from turbo's cache). */
function resultFiles() {
  const files = [];
  for (const group of ['apps', 'packages', 'examples', '.']) {
    const groupDir = join(root, group);
    if (!existsSync(groupDir)) continue;
    const projects = group === '.' ? ['e2e'] : readdirSync(groupDir);
    for (const project of projects) {
      const dir = join(groupDir, project, 'test-results');
      if (!existsSync(dir)) continue;
      for (const name of readdirSync(dir)) if (name.endsWith('.json')) files.push(join(dir, name));
    }
  }
  return files;
}

/** Adds up the JSON results the test runners wrote; a run that executed no test fails. */
function printSummary() {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for (const file of resultFiles()) {
    const result = JSON.parse(readFileSync(file, 'utf8'));
    if (result.stats) {
      // Playwright's JSON report
      totals.passed += (result.stats.expected ?? 0) + (result.stats.flaky ?? 0);
      totals.failed += result.stats.unexpected ?? 0;
      totals.skipped += result.stats.skipped ?? 0;
    } else {
      // Vitest's JSON report
      totals.passed += result.numPassedTests ?? 0;
      totals.failed += result.numFailedTests ?? 0;
      totals.skipped += (result.numPendingTests ?? 0) + (result.numTodoTests ?? 0);
    }
  }
  console.log(`\nTests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  if (totals.passed === 0 || totals.failed > 0) fail('the test run did not pass every test it found.');
  checkFaultSuite();
}

/**
 * Every case of docs/fault-suite.md (ids such as `R1`) must appear as `[R1]` in the title of at
 * least one test that passed, and of none that failed.
 */
function checkFaultSuite() {
  const catalogue = join(root, 'docs', 'fault-suite.md');
  if (!existsSync(catalogue)) return;
  const ids = [...readFileSync(catalogue, 'utf8').matchAll(/^\| `([A-Z]\d+)` \|/gm)].map((m) => m[1]);
  const passed = new Map(ids.map((id) => [id, 0]));
  const failed = new Set();
  const see = (title, ok) => {
    for (const [, id] of title.matchAll(/\[([A-Z]\d+)\]/g)) {
      if (!passed.has(id)) continue;
      if (ok) passed.set(id, passed.get(id) + 1);
      else failed.add(id);
    }
  };
  const walk = (suite, path) => {
    const here = suite.title ? [...path, suite.title] : path;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        see([...here, spec.title].join(' '), test.status === 'expected' || test.status === 'flaky');
    for (const child of suite.suites ?? []) walk(child, here);
  };
  for (const file of resultFiles()) {
    const result = JSON.parse(readFileSync(file, 'utf8'));
    if (result.stats) for (const suite of result.suites ?? []) walk(suite, []);
    else
      for (const group of result.testResults ?? [])
        for (const test of group.assertionResults ?? [])
          if (test.status === 'passed' || test.status === 'failed')
            see(test.fullName ?? test.title, test.status === 'passed');
  }
  const missing = ids.filter((id) => passed.get(id) === 0);
  const tests = [...passed.values()].reduce((sum, n) => sum + n, 0);
  if (missing.length > 0 || failed.size > 0)
    fail(
      `fault suite: ${[...failed]
        .map((id) => `${id} failed`)
        .concat(missing.map((id) => `${id} has no passing test`))
        .join(', ')}.`,
    );
  console.log(`Fault suite: ${ids.length} cases, every one passed (${tests} tests).`);
}

/**
 * The pinned pnpm: the one on PATH when it is that version, else a copy installed with npm into the
 * git-ignored `.marketkit/tools` (put on PATH for every child, since tools such as publint spawn pnpm).
 */
function resolvePnpm() {
  if (pnpmVersionAt('pnpm') === pnpmVersion) return ['pnpm'];
  const local = join(toolsBin, process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm');
  if (pnpmVersionAt(local) !== pnpmVersion) {
    run(
      ['npm'],
      [
        'install',
        '--prefix',
        join(root, '.marketkit', 'tools'),
        '--no-save',
        '--no-package-lock',
        '--no-audit',
        '--no-fund',
        `pnpm@${pnpmVersion}`,
      ],
      `installing pnpm ${pnpmVersion}`,
    );
  }
  return [local];
}

function pnpmVersionAt(bin) {
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Browser tests use Debian's Chromium; install it with apt-get when it is missing. */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() !== 0)
    fail(`Chromium is missing at ${path}: run 'sudo apt-get install -y chromium'.`);
  run(['apt-get'], ['update'], 'updating the package lists');
  run(['apt-get'], ['install', '-y', '--no-install-recommends', 'chromium'], 'installing Chromium');
}

function run([bin, ...pre], args, what, env = {}) {
  console.log(`\n▶ ${what}: ${[bin, ...pre, ...args].join(' ')}`);
  const result = spawnSync(bin, [...pre, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${toolsBin}${delimiter}${process.env.PATH ?? ''}`,
      TURBO_TELEMETRY_DISABLED: '1',
      DO_NOT_TRACK: '1',
      ...env,
    },
    shell: process.platform === 'win32',
  });
  if (result.status !== 0)
    fail(`${what} failed (exit ${result.status ?? result.signal}).`, result.status ?? 1);
}

function fail(message, code = 1) {
  console.error(`\n✖ ${message}`);
  process.exit(code);
}
