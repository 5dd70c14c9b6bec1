#!/usr/bin/env node
// `node ../../scripts/package-check.mjs [attw options…]`, run in a published package (its
// `package:check`): packs it as `pnpm publish` would (publishConfig applied, `workspace:` ranges
// replaced) and checks the tarball itself, not the folder:
//   - publint --strict and attw --profile esm-only (plus the options given) on the tarball;
//   - its package.json: no `@marketkit/source` condition, caret ranges for runtime dependencies;
//   - every file its exports, main, types and bin name is in it, and every relative import and
//     self-reference of its JavaScript and declarations resolves to a file in it;
//   - every package its files import is a dependency or a peer dependency;
//   - nothing of the tests, no TypeScript source beside its build, no source or declaration maps.
// Prints the tarball's packed and unpacked size and file count.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { gunzipSync } from 'node:zlib';

const attwOptions = process.argv.slice(2);
const problems = [];

function kB(bytes) {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** The files of an uncompressed tar (ustar), by path inside the package (`package/` dropped). */
function readTar(buffer) {
  const files = new Map();
  const text = (start, length) => buffer.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= buffer.length; ) {
    const name = text(offset, 100);
    if (!name) break;
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1);
    const prefix = text(offset + 345, 155);
    const path = (prefix ? `${prefix}/${name}` : name).replace(/^[^/]+\//, '');
    if (type === '0' || type === '') files.set(path, buffer.subarray(offset + 512, offset + 512 + size));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

function checkManifest(manifest) {
  if (JSON.stringify(manifest).includes('@marketkit/source'))
    problems.push('package.json keeps the workspace-only @marketkit/source condition');
  for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
    if (range.startsWith('workspace:')) problems.push(`dependency ${name} keeps the range ${range}`);
    else if (!range.startsWith('^'))
      problems.push(`dependency ${name} is pinned to ${range}: give a caret range so it dedupes`);
  }
}

/** Every string leaf of an `exports` value. */
function targets(value) {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(targets);
  return [];
}

function checkNamedFiles(manifest, files) {
  const named = [
    ...targets(manifest.exports),
    manifest.main,
    manifest.types,
    ...(typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {})),
  ].filter((value) => typeof value === 'string');
  for (const target of named) {
    const path = posix.normalize(target);
    if (!files.has(path)) problems.push(`${target} is named in package.json but not in the tarball`);
  }
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The tarball file a self-reference (`@marketkit/sandbox/openapi.json`) resolves to, through exports. */
function selfTarget(manifest, specifier) {
  const subpath = `.${specifier.slice(manifest.name.length)}`;
  const entry = manifest.exports?.[subpath === '.' ? '.' : subpath];
  const target = typeof entry === 'string' ? entry : (entry?.default ?? entry?.import);
  return typeof target === 'string' ? posix.normalize(target) : null;
}

function checkImports(manifest, files) {
  const declared = new Set([
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ]);
  for (const [path, content] of files) {
    if (!/\.(c|m)?js$|\.d\.(c|m)?ts$/.test(path)) continue;
    for (const match of content.toString('utf8').matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (specifier.startsWith('.')) {
        const resolved = posix.normalize(posix.join(posix.dirname(path), specifier));
        // Declarations name their siblings as `./x.js` or `./x.ts`/`./x.tsx` (rewriteRelativeImportExtensions).
        const declaration = resolved.replace(/\.(js|tsx?)$/, '.d.ts').replace(/\.(mjs|mts)$/, '.d.mts');
        const candidates = [resolved, declaration, `${resolved}.d.ts`];
        if (!candidates.some((candidate) => files.has(candidate)))
          problems.push(`${path} imports ${specifier}, which is not in the tarball`);
      } else if (isBuiltin(specifier)) {
      } else if (packageOf(specifier) === manifest.name) {
        const target = selfTarget(manifest, specifier);
        if (!target || !files.has(target))
          problems.push(`${path} imports ${specifier}, which the package's exports do not give`);
      } else if (!declared.has(packageOf(specifier))) {
        problems.push(`${path} imports ${specifier}, not a dependency or peer dependency`);
      }
    }
  }
}

function checkContents(files) {
  for (const path of files.keys()) {
    if (/(^|\/)(test|tests|__tests__|__mocks__)\/|\.(test|spec)(-d)?\.[cm]?[jt]sx?$/.test(path))
      problems.push(`${path} is part of the tests`);
    else if (/\.[cm]?tsx?$/.test(path) && !/\.d\.[cm]?ts$/.test(path))
      problems.push(`${path} is TypeScript source: the package ships its build`);
    else if (path.endsWith('.map')) problems.push(`${path} is a map of sources the package does not ship`);
  }
}

function main() {
  const workDir = mkdtempSync(join(tmpdir(), 'marketkit-pack-'));
  try {
    execFileSync('pnpm', ['pack', '--pack-destination', workDir], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(workDir).find((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error('pnpm pack wrote no tarball');
    const tarballPath = join(workDir, tarball);
    const packed = readFileSync(tarballPath);
    const files = readTar(gunzipSync(packed));
    const manifest = JSON.parse(files.get('package.json')?.toString('utf8') ?? 'null');
    if (!manifest) throw new Error(`${tarball} has no package.json`);

    checkManifest(manifest);
    checkNamedFiles(manifest, files);
    checkImports(manifest, files);
    checkContents(files);

    const unpacked = [...files.values()].reduce((sum, content) => sum + content.length, 0);
    console.log(
      `${tarball}: ${kB(packed.length)} packed, ${kB(unpacked)} unpacked, ${files.size} files` +
        (problems.length ? '' : ' — contents checked'),
    );
    if (problems.length) {
      for (const problem of problems) console.error(`✖ ${problem}`);
      process.exitCode = 1;
      return;
    }
    execFileSync('publint', ['run', '--strict', tarballPath], { stdio: 'inherit' });
    execFileSync('attw', [tarballPath, '--profile', 'esm-only', ...attwOptions], { stdio: 'inherit' });
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main();
