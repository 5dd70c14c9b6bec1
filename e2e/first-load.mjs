#!/usr/bin/env node
// The first-load budget check alone (e2e/first-load.spec.ts), against what is built already;
// `--update` writes e2e/first-load-budgets.json from this run's measurement instead of checking it.
// Other arguments go to Playwright (e.g. `-g "demo /"`). `pnpm first-load [--update]` builds first.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const update = args.includes('--update');
const result = spawnSync(
  join(here, 'node_modules', '.bin', 'playwright'),
  ['test', 'first-load.spec.ts', ...args.filter((arg) => arg !== '--update')],
  {
    cwd: here,
    stdio: 'inherit',
    env: { ...process.env, MARKETKIT_FIRST_LOAD_UPDATE: update ? '1' : '' },
  },
);
if (update && result.status === 0)
  process.stdout.write('Written: e2e/first-load-budgets.json (review it like code).\n');
process.exit(result.status ?? 1);
