#!/usr/bin/env node
// The packed-tarball check (part of `npm test`: the last step of `pnpm run verify`). It proves the four
// packages work as a new user gets them, outside the workspace:
//
//   1. packs packages/* with `pnpm pack` (publishConfig applied, `workspace:` ranges replaced) and
//      checks each tarball on its own: every `exports`/`main`/`types`/`bin` target is in it, every
//      relative import of its JS and .d.ts files is in it, and every bare import is the package
//      itself, a Node built-in or a declared dependency / peer dependency;
//   2. copies examples/custom-storefront to a fresh folder under os.tmpdir(), points its @marketkit/*
//      dependencies at the tarballs (`file:`), and installs with npm (`--prefer-offline --no-audit
//      --no-fund`), so no workspace link or hoisted workspace module can help;
//   3. type-checks it (`tsc --noEmit`, strict, moduleResolution "bundler"), builds it (`vite build`)
//      and runs its tests (vitest) against the sandbox's server from the installed tarball;
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
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import ts from 'typescript';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const EXAMPLE = join(root, 'examples', 'custom-storefront');
const PACKAGES = ['sdk', 'hooks', 'ui', 'sandbox'];

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

/** `pnpm` as the workspace runs it: the one running this script (`pnpm run`), else the one on PATH. */
function pnpmCommand() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: not a turbo task (verify runs it after turbo)
  const execPath = process.env.npm_execpath ?? '';
  if (/pnpm/.test(basename(execPath))) return [process.execPath, execPath];
  return spawnSync('pnpm', ['--version'], { encoding: 'utf8' }).status === 0 ? ['pnpm'] : null;
}

/** Packs packages/* into `dir`: `{ name → tarball path }`. */
export function packPackages(dir, { build = true } = {}) {
  const [pnpm, ...pnpmArgs] = pnpmCommand() ?? [];
  if (!pnpm)
    throw new CheckFailure('pnpm is not on PATH (run through `npm test` or `pnpm run packed:check`)');
  if (build)
    run(pnpm, [...pnpmArgs, 'turbo', 'run', 'build', '--filter=./packages/*', '--output-logs=errors-only'], {
      cwd: root,
      label: 'building the packages',
    });
  mkdirSync(dir, { recursive: true });
  const tarballs = {};
  for (const name of PACKAGES) {
    const packageDir = join(root, 'packages', name);
    const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    const { output } = run(pnpm, [...pnpmArgs, 'pack', '--pack-destination', dir], {
      cwd: packageDir,
      label: `pnpm pack (${manifest.name})`,
    });
    const file = output
      .trim()
      .split('\n')
      .reverse()
      .find((line) => line.trim().endsWith('.tgz'));
    if (!file) throw new CheckFailure(`pnpm pack (${manifest.name}) printed no tarball:\n${output}`);
    tarballs[manifest.name] = resolve(dir, basename(file.trim()));
  }
  return tarballs;
}

/** The files of a tarball, and its package.json as packed. */
function readTarball(tarball) {
  const { output } = run('tar', ['-tzf', tarball], { label: `listing ${tarball}` });
  const files = new Set(
    output
      .split('\n')
      .filter(Boolean)
      .map((line) => line.replace(/^package\//, '')),
  );
  const manifest = JSON.parse(run('tar', ['-xzOf', tarball, 'package/package.json']).output);
  return { files, manifest };
}

/** Every file path an `exports` value can point at (any condition). */
function exportTargets(value, into = []) {
  if (typeof value === 'string') into.push(value);
  else if (value && typeof value === 'object')
    for (const inner of Object.values(value)) exportTargets(inner, into);
  return into;
}

const NODE_BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** The module specifiers a JS or .d.ts file imports (static, dynamic, `import type`; not in comments). */
const importsOf = (text) => ts.preProcessFile(text, true, true).importedFiles.map((entry) => entry.fileName);

/**
 * One tarball on its own: the targets its manifest names, its relative imports and its bare imports.
 * Returns the problems found, each naming the package and the file.
 */
export function checkTarball(tarball) {
  const { files, manifest } = readTarball(tarball);
  const problems = [];
  const name = manifest.name;
  const has = (path) => files.has(posix.normalize(path.replace(/^\.\//, '')));
  const targets = [
    ...exportTargets(manifest.exports ?? {}).map((target) => ['exports', target]),
    ...['main', 'types', 'module']
      .filter((field) => manifest[field])
      .map((field) => [field, manifest[field]]),
    ...Object.values(typeof manifest.bin === 'string' ? { [name]: manifest.bin } : (manifest.bin ?? {})).map(
      (t) => ['bin', t],
    ),
  ];
  for (const [field, target] of targets)
    if (!target.includes('*') && !has(target))
      problems.push(`${name}: package.json "${field}" points at ${target}, which is not in the tarball`);
  for (const [field, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies }))
    if (/^(workspace|link|file):/.test(range))
      problems.push(`${name}: dependency ${field} is "${range}" in the packed package.json`);
  const declared = new Set([
    name,
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
    ...Object.keys(manifest.optionalDependencies ?? {}),
  ]);
  const code = [...files].filter((file) => /\.(m?js|d\.ts|d\.mts)$/.test(file) && !file.startsWith('src/'));
  const extracted = extractFiles(tarball, code);
  for (const file of code) {
    const text = extracted.get(file) ?? '';
    for (const specifier of importsOf(text)) {
      if (specifier.startsWith('.')) {
        const target = posix.join(posix.dirname(file), specifier);
        const candidates = [
          target,
          `${target}.js`,
          `${target}.d.ts`,
          `${target}/index.js`,
          `${target}/index.d.ts`,
        ];
        // A declaration may name the source file (`./provider.tsx`, `./x.js`): its .d.ts stands for it.
        if (/\.d\.m?ts$/.test(file)) candidates.push(target.replace(/\.(tsx?|jsx?|mts|mjs)$/, '.d.ts'));
        if (!candidates.some((candidate) => files.has(candidate)))
          problems.push(`${name}: ${file} imports ${specifier}, which is not in the tarball`);
        continue;
      }
      if (NODE_BUILTINS.has(specifier) || specifier.startsWith('node:')) continue;
      const bare = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : specifier.split('/')[0];
      if (!declared.has(bare) && !declared.has(`@types/${bare}`))
        problems.push(
          `${name}: ${file} imports "${specifier}", which is neither a dependency nor a peer dependency`,
        );
    }
  }
  return problems;
}

/** The text of some files of a tarball (one `tar` call). */
function extractFiles(tarball, files) {
  const out = mkdtempSync(join(tmpdir(), 'marketkit-tarball-'));
  try {
    if (files.length > 0) run('tar', ['-xzf', tarball, '-C', out, ...files.map((file) => `package/${file}`)]);
    return new Map(files.map((file) => [file, readFileSync(join(out, 'package', file), 'utf8')]));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
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
  const manifestPath = join(appDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  for (const group of ['dependencies', 'devDependencies'])
    for (const dependency of Object.keys(manifest[group] ?? {}))
      if (dependency.startsWith('@marketkit/')) {
        if (!tarballs[dependency])
          throw new CheckFailure(`${dependency} (a dependency of the example) has no tarball`);
        manifest[group][dependency] = `file:${tarballs[dependency]}`;
      }
  manifest.devDependencies = { ...manifest.devDependencies, ...extraDevDependencies };
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: appDir,
    label: 'npm install (the example, from the tarballs)',
  });
  // Nothing may come from the workspace: the @marketkit packages are real folders from the tarballs.
  for (const name of Object.keys(tarballs)) {
    const installed = join(appDir, 'node_modules', ...name.split('/'));
    if (existsSync(installed) && resolve(installed) !== realPath(installed))
      throw new CheckFailure(`${name} is installed as a link (${realPath(installed)}), not from its tarball`);
  }
}

const realPath = (path) => run('realpath', [path]).output.trim();

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
  const problems = [];
  try {
    const tarballs = await step('pack', () =>
      packPackages(join(work, 'tarballs'), { build: !values['no-build'] }),
    );
    await step('tarball contents', () => {
      for (const tarball of Object.values(tarballs)) problems.push(...checkTarball(tarball));
      if (problems.length > 0)
        throw new CheckFailure(`the packed packages are incomplete:\n  ${problems.join('\n  ')}`);
    });
    if (parts.has('app') || parts.has('snippets')) {
      const appDir = join(work, 'app');
      await step('npm install', () =>
        installExample(appDir, tarballs, { extraDevDependencies: SNIPPET_DEPENDENCIES }),
      );
      const bin = (tool) => join(appDir, 'node_modules', '.bin', tool);
      if (parts.has('app')) {
        await step('tsc --noEmit (example)', () =>
          run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit', '--pretty', 'false'], {
            cwd: appDir,
            label: 'the example does not type-check against the packed packages',
          }),
        );
        await step('vite build (example)', () =>
          run(bin('vite'), ['build', '--logLevel', 'error'], {
            cwd: appDir,
            label: 'the example does not build against the packed packages',
          }),
        );
        await step('vitest (example, sandbox from its tarball)', () =>
          run(bin('vitest'), ['run', '--reporter=dot'], {
            cwd: appDir,
            label: 'the example’s tests failed against the packed packages',
            env: { MARKETKIT_RESULTS: '' },
          }),
        );
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
