#!/usr/bin/env node
// The packed-tarball check (part of `npm test`: the last step of `pnpm run verify`). It proves the four
// packages work as a new user gets them, outside the workspace:
//
//   1. packs packages/* with `pnpm pack` (publishConfig applied, `workspace:` ranges replaced) and
//      checks each tarball on its own with the rules `package:check` uses (scripts/tarball-rules.mjs:
//      manifest, every named file and every import inside it or declared, nothing but the build);
//      publint and attw stay in `package:check`;
//   2. creates an app as `npm create @marketkit/storefront` does: runs the bin of the packed
//      @marketkit/create-storefront (its template is examples/custom-storefront at pack time) in a
//      fresh folder under os.tmpdir(), points the app's @marketkit/* dependencies at the tarballs
//      (`file:`), and installs with npm (`--prefer-offline --no-audit --no-fund`), so no workspace link
//      or hoisted workspace module can help;
//   3. type-checks it (`tsc --noEmit`, strict, moduleResolution "bundler"), builds it (`vite build`),
//      runs its tests (`npm test`: vitest against the sandbox's server from the installed tarball) and
//      starts `npm run dev`: the app's page answers 200, and points at the sandbox it started;
//   4. compiles every README snippet (below) in that same install, under the same strict settings.
//
// README snippets: every fenced block whose info string starts with `ts` or `tsx` (also `typescript`)
// in packages/*/README.md, and in Markdown files those READMEs link to inside their own package, is a
// self-contained module: it must import what it uses (from the package names, as an app would) and
// compile on its own, under `strict` + `noUncheckedIndexedAccess`. Write `ts nocheck` / `tsx nocheck`
// on the fence to skip a block that cannot be a module (a fragment shown for its shape); say why in the
// text around it. Blocks are written to snippets/<package>-<n>.ts(x) in the temp app; a failure names
// the README and the line in it.
//
//   node scripts/packed-check.mjs [--no-build] [--keep] [--only pack,app,snippets] [--dir DIR]
//
// --no-build: pack what packages/*/dist holds (verify has just built it); --keep: leave the temp
// folder (printed) for a look; --only: some parts (pack is always done); --dir: use DIR instead of a
// new temp folder. Exits non-zero with a message naming the package, file, snippet or export.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs, stripVTControlCharacters } from 'node:util';
import { describeTarball, packPackage, pnpmCommand, readTarball, tarballProblems } from './tarball-rules.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const EXAMPLE = join(root, 'examples', 'custom-storefront');
const PACKAGES = ['sdk', 'hooks', 'ui', 'sandbox'];
/** The starter (`npm create @marketkit/storefront`): packed and run, not installed into the app. */
const STARTER = 'create-storefront';

class CheckFailure extends Error {}

/**
 * What README snippets may import besides the example's own dependencies: msw, for the sandbox's MSW
 * handlers (an optional peer of @marketkit/sandbox), at the version the sandbox is tested with.
 */
const SNIPPET_DEPENDENCIES = {
  msw: JSON.parse(readFileSync(join(root, 'packages', 'sandbox', 'package.json'), 'utf8')).devDependencies
    .msw,
};

/** Runs a command; on failure throws with its output (or returns it when `allowFailure`). */
export function run(command, args, { cwd, label, allowFailure = false, env = {}, quiet = true } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: quiet ? 'pipe' : 'inherit',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0 && !allowFailure)
    throw new CheckFailure(
      `${label ?? `${command} ${args.join(' ')} failed`} (exit ${result.status}):\n${output.trim()}`,
    );
  return { ok: result.status === 0, output };
}

const timings = [];
async function step(name, work) {
  const started = performance.now();
  process.stdout.write(`packed-check: ${name}…\n`);
  const value = await work();
  const seconds = (performance.now() - started) / 1000;
  timings.push([name, seconds]);
  process.stdout.write(`packed-check: ${name} done in ${seconds.toFixed(1)} s\n`);
  return value;
}

/** Packs packages/* into `dir` (building them first unless `build: false`): `{ name → tarball path }`. */
export function packPackages(dir, { build = true } = {}) {
  try {
    if (build) {
      const [pnpm, ...pnpmArgs] = pnpmCommand();
      run(
        pnpm,
        [...pnpmArgs, 'turbo', 'run', 'build', '--filter=./packages/*', '--output-logs=errors-only'],
        {
          cwd: root,
          label: 'building the packages',
        },
      );
    }
    const tarballs = {};
    for (const name of PACKAGES) {
      const packageDir = join(root, 'packages', name);
      const { name: packageName } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
      tarballs[packageName] = packPackage(packageDir, dir);
    }
    return tarballs;
  } catch (error) {
    throw error instanceof CheckFailure ? error : new CheckFailure(error.message);
  }
}

/**
 * The rules of tarball-rules.mjs on each tarball (what `package:check` checks, without publint and
 * attw): run here too because these are the bytes about to be installed, `pnpm packed:check` runs
 * without `package:check`, and they cost well under a second from memory.
 */
function checkTarballs(tarballs) {
  const problems = [];
  for (const [name, path] of Object.entries(tarballs)) {
    const tarball = readTarball(readFileSync(path));
    const found = tarballProblems(tarball);
    process.stdout.write(`packed-check:   ${basename(path)}: ${describeTarball(tarball)}\n`);
    problems.push(...found.map((problem) => `${name}: ${problem}`));
  }
  return problems;
}

/**
 * Copies the example out of the workspace into `appDir` with its @marketkit/* dependencies pointing at
 * the tarballs, and installs it with npm.
 */
export function installExample(appDir, tarballs, { source = EXAMPLE, extraDevDependencies = {} } = {}) {
  rmSync(appDir, { recursive: true, force: true });
  cpSync(source, appDir, {
    recursive: true,
    filter: (path) => !/[\\/](node_modules|dist|test-results|\.turbo)$/.test(path),
  });
  installApp(appDir, tarballs, { extraDevDependencies });
}

/**
 * Runs the packed starter's bin as `npm create @marketkit/storefront NAME` does (unpacked into
 * `dir`/starter, run in `dir`): returns the new app's folder. Its output must give the two commands.
 */
export function createFromStarter(dir, starterTarball, name = 'my-shop') {
  const unpacked = join(dir, 'starter');
  rmSync(unpacked, { recursive: true, force: true });
  for (const [path, content] of readTarball(readFileSync(starterTarball)).files) {
    mkdirSync(dirname(join(unpacked, path)), { recursive: true });
    writeFileSync(join(unpacked, path), content);
  }
  const bin = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')).bin?.['create-storefront'];
  if (!bin) throw new CheckFailure('the starter’s package.json has no create-storefront bin');
  const { output } = run(process.execPath, [join(unpacked, bin), name], {
    cwd: dir,
    label: `create-storefront ${name} (from its tarball)`,
  });
  for (const command of [`cd ${name} && npm install`, 'npm run dev'])
    if (!output.includes(command))
      throw new CheckFailure(`create-storefront did not print "${command}":\n${output}`);
  return join(dir, name);
}

/** Points the app's @marketkit/* dependencies at the tarballs (`file:`) and installs it with npm. */
export function installApp(appDir, tarballs, { extraDevDependencies = {} } = {}) {
  const manifestPath = join(appDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const group of ['dependencies', 'devDependencies'])
    for (const dependency of Object.keys(manifest[group] ?? {}))
      if (dependency.startsWith('@marketkit/')) {
        if (!tarballs[dependency])
          throw new CheckFailure(`${dependency} (a dependency of the app) has no tarball`);
        manifest[group][dependency] = `file:${tarballs[dependency]}`;
      }
  manifest.devDependencies = { ...manifest.devDependencies, ...extraDevDependencies };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: appDir,
    label: 'npm install (the app, from the tarballs)',
  });
  // Nothing may come from the workspace: the @marketkit packages are real folders from the tarballs.
  for (const name of Object.keys(tarballs)) {
    const installed = join(appDir, 'node_modules', ...name.split('/'));
    if (existsSync(installed) && resolve(installed) !== realPath(installed))
      throw new CheckFailure(`${name} is installed as a link (${realPath(installed)}), not from its tarball`);
  }
}

const realPath = (path) => run('realpath', [path]).output.trim();

/** A port free on the loopback now (Vite is told `--strictPort`, so a race fails loudly). */
async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  server.close();
  return port;
}

/**
 * `npm run dev` in the app serves it and the sandbox it started: the page answers 200 with the app's
 * root, the entry module carries the sandbox's URL, and the sandbox answers its store list. Then
 * stops the whole process group.
 */
export async function checkDev(appDir) {
  const port = await freePort();
  const child = spawn('npm', ['run', 'dev', '--', '--port', String(port), '--strictPort'], {
    cwd: appDir,
    detached: true, // its own process group: npm, vite and the sandbox inside it stop together
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let output = '';
  const exited = once(child, 'exit');
  try {
    const urls = await new Promise((resolveUrls, reject) => {
      // Sized for a loaded 2-core machine: Vite's first start (dependency scan, sandbox seed) took
      // about 3 s idle; 90 s only catches a server that never comes up.
      const timer = setTimeout(
        () => reject(new CheckFailure(`npm run dev printed no URLs in 90 s:\n${output}`)),
        90_000,
      );
      const read = (chunk) => {
        output += chunk.toString('utf8');
        const text = stripVTControlCharacters(output);
        const app = /Local:\s+(http:\/\/\S+)/.exec(text)?.[1];
        const sandbox = /sandbox services host:\s+(http:\/\/\S+)/.exec(text)?.[1];
        if (app && sandbox) {
          clearTimeout(timer);
          resolveUrls({ app, sandbox });
        }
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      exited.then(([code]) => {
        clearTimeout(timer);
        reject(new CheckFailure(`npm run dev exited (${code}) before serving:\n${output}`));
      });
    });
    const page = await fetch(urls.app);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('id="root"'))
      throw new CheckFailure(
        `${urls.app} answered ${page.status}, not the app's page:\n${html.slice(0, 500)}`,
      );
    const entry = await (await fetch(new URL('/src/main.tsx', urls.app))).text();
    if (!entry.includes(JSON.stringify(urls.sandbox)))
      throw new CheckFailure(
        `the app's entry is not pointed at the sandbox ${urls.sandbox}:\n${entry.slice(0, 800)}`,
      );
    const stores = await fetch(urls.sandbox);
    if (stores.status !== 200 || !(await stores.text()).includes('demo'))
      throw new CheckFailure(
        `the sandbox at ${urls.sandbox} answered ${stores.status}, without the demo store`,
      );
    return urls;
  } finally {
    if (child.exitCode === null) {
      process.kill(-child.pid, 'SIGTERM');
      const killer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
  }
}

/**
 * Fenced ts/tsx blocks of packages/*\/README.md and the package-local Markdown they link to, except the
 * generated API reference (docs/api: TypeDoc's signature blocks are declarations, not modules).
 */
export function readmeSnippets() {
  const snippets = [];
  for (const name of PACKAGES) {
    const packageDir = join(root, 'packages', name);
    const queue = [join(packageDir, 'README.md')];
    const seen = new Set();
    while (queue.length > 0) {
      const file = queue.shift();
      if (seen.has(file) || !existsSync(file)) continue;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      for (const [, target] of text.matchAll(/\]\(((?!https?:|#)[^)#\s]+\.md)(?:#[^)]*)?\)/g)) {
        const linked = resolve(dirname(file), target);
        if (linked.startsWith(packageDir) && !linked.startsWith(join(packageDir, 'docs', 'api')))
          queue.push(linked);
      }
      const lines = text.split('\n');
      for (let index = 0; index < lines.length; index++) {
        const fence = /^(\s*)(```+|~~~+)\s*([\w-]*)\s*(.*)$/.exec(lines[index]);
        if (!fence) continue;
        const [, indent, marker, language, rest] = fence;
        const end = lines.findIndex(
          (line, at) =>
            at > index && line.trim().startsWith(marker) && line.trim().replace(/[`~]/g, '') === '',
        );
        const close = end === -1 ? lines.length : end;
        if (['ts', 'tsx', 'typescript'].includes(language)) {
          const body = lines
            .slice(index + 1, close)
            .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line));
          const ordinal = snippets.filter((s) => s.packageName === name).length + 1;
          snippets.push({
            packageName: name,
            file: relative(root, file),
            line: index + 2, // the block's first line, 1-based
            extension: language === 'tsx' ? 'tsx' : 'ts',
            skipped: /\bnocheck\b/.test(rest),
            code: body.join('\n'),
            name: `${name}-${ordinal}`,
          });
        }
        index = close;
      }
    }
  }
  return snippets;
}

/** Writes the snippets into the app and compiles them; returns the failures, each with its README line. */
export function checkSnippets(appDir, snippets) {
  const dir = join(appDir, 'snippets');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const byFile = new Map();
  for (const snippet of snippets.filter((s) => !s.skipped)) {
    const file = `snippets/${snippet.name}.${snippet.extension}`;
    writeFileSync(join(appDir, file), `${snippet.code}\n`);
    byFile.set(file, snippet);
  }
  writeFileSync(
    join(appDir, 'tsconfig.snippets.json'),
    JSON.stringify(
      {
        extends: './tsconfig.json',
        // Every block is a module of its own, even one without import or export.
        compilerOptions: { moduleDetection: 'force', noUnusedLocals: false, types: ['node', 'vite/client'] },
        include: ['snippets'],
      },
      null,
      2,
    ),
  );
  if (byFile.size === 0) return [];
  const { ok, output } = run(
    join(appDir, 'node_modules', '.bin', 'tsc'),
    ['-p', 'tsconfig.snippets.json', '--noEmit', '--pretty', 'false'],
    {
      cwd: appDir,
      allowFailure: true,
    },
  );
  if (ok) return [];
  const failures = [];
  let current = null;
  for (const line of output.split('\n')) {
    const match = /^(snippets\/[^(]+)\((\d+),(\d+)\): (.*)$/.exec(line);
    if (match) {
      const snippet = byFile.get(match[1]);
      current = {
        where: snippet ? `${snippet.file}:${snippet.line + Number(match[2]) - 1}` : match[1],
        snippet: snippet?.name ?? match[1],
        message: match[4],
      };
      failures.push(current);
    } else if (current && line.startsWith('  ')) current.message += `\n    ${line.trim()}`;
    else if (line.trim()) failures.push({ where: 'tsc', snippet: '', message: line.trim() });
  }
  return failures;
}

async function main() {
  const { values } = parseArgs({
    options: {
      'no-build': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      only: { type: 'string' },
      dir: { type: 'string' },
    },
  });
  const parts = new Set((values.only ?? 'app,snippets').split(',').map((part) => part.trim()));
  const work = values.dir ? resolve(values.dir) : mkdtempSync(join(tmpdir(), 'marketkit-packed-'));
  if (work.startsWith(`${root}/`)) throw new CheckFailure(`--dir must be outside the workspace (${root})`);
  const started = performance.now();
  try {
    const { tarballs, starter } = await step('pack', () => {
      const packed = packPackages(join(work, 'tarballs'), { build: !values['no-build'] });
      try {
        return {
          tarballs: packed,
          starter: packPackage(join(root, 'packages', STARTER), join(work, 'tarballs')),
        };
      } catch (error) {
        throw new CheckFailure(error.message);
      }
    });
    await step('tarball contents', () => {
      const problems = checkTarballs({ ...tarballs, [`@marketkit/${STARTER}`]: starter });
      if (problems.length > 0)
        throw new CheckFailure(`the packed packages are incomplete:\n  ${problems.join('\n  ')}`);
    });
    if (parts.has('app') || parts.has('snippets')) {
      const appDir = await step('npm create @marketkit/storefront', () => createFromStarter(work, starter));
      await step('npm install', () =>
        installApp(appDir, tarballs, { extraDevDependencies: SNIPPET_DEPENDENCIES }),
      );
      const bin = (tool) => join(appDir, 'node_modules', '.bin', tool);
      if (parts.has('app')) {
        await step('tsc --noEmit (starter)', () =>
          run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'], {
            cwd: appDir,
            label: 'the starter does not type-check against the packed packages',
          }),
        );
        await step('vite build (starter)', () =>
          run(bin('vite'), ['build', '--logLevel', 'error'], {
            cwd: appDir,
            label: 'the starter does not build against the packed packages',
          }),
        );
        await step('npm test (starter, sandbox from its tarball)', () =>
          run('npm', ['test', '--', '--reporter=dot'], {
            cwd: appDir,
            label: 'the starter’s tests failed against the packed packages',
            env: { MARKETKIT_RESULTS: '' },
          }),
        );
        const { app, sandbox } = await step('npm run dev (starter)', () => checkDev(appDir));
        process.stdout.write(`packed-check:   npm run dev served ${app} with the sandbox on ${sandbox}\n`);
      }
      if (parts.has('snippets')) {
        const snippets = readmeSnippets();
        const failures = await step('README snippets', () => checkSnippets(appDir, snippets));
        const checked = snippets.filter((s) => !s.skipped);
        const skipped = snippets.filter((s) => s.skipped);
        process.stdout.write(
          `packed-check: ${checked.length} README snippets compiled, ${skipped.length} marked nocheck${skipped.length ? ` (${skipped.map((s) => `${s.file}:${s.line - 1}`).join(', ')})` : ''}\n`,
        );
        if (failures.length > 0)
          throw new CheckFailure(
            `README snippets do not compile under strict against the packed packages:\n${failures
              .map((f) => `  ${f.where} (${f.snippet}): ${f.message}`)
              .join('\n')}`,
          );
      }
    }
    const total = (performance.now() - started) / 1000;
    process.stdout.write(
      `packed-check: passed in ${total.toFixed(1)} s (${timings.map(([name, s]) => `${name} ${s.toFixed(1)} s`).join(', ')})\n`,
    );
  } finally {
    if (values.keep || values.dir) process.stdout.write(`packed-check: kept ${work}\n`);
    else rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  main().catch((error) => {
    process.stderr.write(
      `\npacked-check FAILED: ${error instanceof CheckFailure ? error.message : error.stack}\n`,
    );
    process.exit(1);
  });
