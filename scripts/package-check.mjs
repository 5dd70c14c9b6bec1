#!/usr/bin/env node
// `node ../../scripts/package-check.mjs [attw options…]`, run in a published package (its
// `package:check`): packs it as `pnpm publish` would and checks the tarball itself, not the folder —
// the rules of scripts/tarball-rules.mjs (manifest, named files, imports, declared dependencies,
// nothing but the build), then publint --strict and attw --profile esm-only (plus the options given)
// on the tarball. Prints the tarball's packed and unpacked size and file count.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { describeTarball, packPackage, readTarball, tarballProblems } from './tarball-rules.mjs';

const attwOptions = process.argv.slice(2);
const workDir = mkdtempSync(join(tmpdir(), 'marketkit-pack-'));
try {
  const tarballPath = packPackage(process.cwd(), workDir);
  const tarball = readTarball(readFileSync(tarballPath));
  const problems = tarballProblems(tarball);
  console.log(
    `${basename(tarballPath)}: ${describeTarball(tarball)}${problems.length ? '' : ' — contents checked'}`,
  );
  if (problems.length) {
    for (const problem of problems) console.error(`✖ ${problem}`);
    process.exitCode = 1;
  } else {
    for (const [tool, ...args] of [
      ['publint', 'run', '--strict', tarballPath],
      ['attw', tarballPath, '--profile', 'esm-only', ...attwOptions],
    ]) {
      const { status, error } = spawnSync(tool, args, { stdio: 'inherit' });
      if (status !== 0) {
        console.error(`✖ ${tool} failed on ${basename(tarballPath)} (${error?.message ?? `exit ${status}`})`);
        process.exitCode = 1;
        break;
      }
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
