// What a published package's tarball must hold: the one implementation behind `package:check`
// (scripts/package-check.mjs, per package) and the packed-tarball check (scripts/packed-check.mjs).
// Pure functions over the tarball's bytes (table-tested in tarball-rules.test.mjs), plus `packPackage`
// and `pnpmCommand`, which run `pnpm pack`.
//
// The rules, each problem a sentence naming the file or field:
//   - manifest: no `@marketkit/source` condition; no `workspace:`/`link:`/`file:` range; caret ranges
//     for runtime (and optional) dependencies, so they dedupe with the app's;
//   - every file `exports` (any condition), `main`, `module`, `types` and `bin` name is in the tarball;
//   - every import of its JavaScript and declarations (found with `ts.preProcessFile`: static, dynamic,
//     `import type`, `import("…")` types, `require`, `/// <reference>`; never in comments or strings)
//     resolves: a relative one to a file in the tarball (JavaScript exactly, as Node's ESM resolver
//     does; declarations also through their `.d.ts` twin), a self-reference through `exports`, a bare
//     one to a Node built-in or a dependency / peer / optional dependency (`@types/…` counts for
//     declarations only);
//   - nothing of the tests, no TypeScript source beside the build, no source or declaration maps;
//   - its Markdown refers to nothing a package user lacks (the repository's examples/, apps/, docs/
//     decisions, design notes, spec sections): it says the rule itself or links to what npm gives.
// A starter's `template/` (the app `npm create` copies, with its own package.json) is exempt from the
// import and content rules: its sources and tests are what it ships.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, join, posix } from 'node:path';
import { gunzipSync } from 'node:zlib';
import ts from 'typescript';

/**
 * The files of a gzipped tar as `pnpm pack` writes it, by path inside the package (the leading
 * `package/` dropped): ustar, with pax (`x`) and GNU (`L`) long names.
 */
export function readTarball(gzipped) {
  const buffer = gunzipSync(gzipped);
  const files = new Map();
  const text = (start, length) => buffer.toString('utf8', start, start + length).replace(/\0.*$/s, '');
  let longName = null;
  for (let offset = 0; offset + 512 <= buffer.length; ) {
    const name = text(offset, 100);
    if (!name) break;
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    const type = text(offset + 156, 1);
    // POSIX ustar splits long paths into prefix + name; GNU tar keeps other fields there.
    const prefix =
      buffer.toString('latin1', offset + 257, offset + 263) === 'ustar\0' ? text(offset + 345, 155) : '';
    const data = buffer.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === 'L') longName = data.toString('utf8').replace(/\0.*$/s, '');
    else if (type === 'x') longName = paxPath(data);
    else if (type !== 'g') {
      const path = longName ?? (prefix ? `${prefix}/${name}` : name);
      longName = null;
      if (type === '0' || type === '') files.set(path.replace(/^[^/]+\//, ''), data);
    }
  }
  const manifestBytes = files.get('package.json');
  if (!manifestBytes) throw new Error('the tarball has no package.json');
  const unpackedBytes = [...files.values()].reduce((sum, content) => sum + content.length, 0);
  return {
    files,
    manifest: JSON.parse(manifestBytes.toString('utf8')),
    packedBytes: gzipped.length,
    unpackedBytes,
  };
}

/** The `path` record of a pax extended header (`<length> path=<value>\n`…), or null. */
function paxPath(data) {
  const match = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data.toString('utf8'));
  return match ? match[1] : null;
}

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** `"12.3 kB packed, 45.6 kB unpacked, 31 files"`. */
export function describeTarball({ files, packedBytes, unpackedBytes }) {
  return `${kB(packedBytes)} packed, ${kB(unpackedBytes)} unpacked, ${files.size} files`;
}

/** Every problem of a read tarball (`readTarball`), manifest first; empty when it may be published. */
export function tarballProblems({ files, manifest }) {
  return [
    ...manifestProblems(manifest),
    ...targetProblems(manifest, files),
    ...importProblems(manifest, files),
    ...contentProblems(files),
    ...docsProblems(files),
  ];
}

/** Files of a starter's template: an app's sources, copied as they are, not code of the package. */
const inTemplate = (path) => path.startsWith('template/');

/** Where in `value` a key or string equals `needle`, as `exports["."]`-style paths. */
function locate(value, needle, path) {
  if (value === needle) return [path];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(key === needle ? [`${path}[${JSON.stringify(key)}]`] : []),
    ...locate(inner, needle, `${path}[${JSON.stringify(key)}]`),
  ]);
}

/** The packed package.json: no workspace-only condition or range, caret ranges for runtime dependencies. */
export function manifestProblems(manifest) {
  const problems = locate(manifest, '@marketkit/source', 'package.json').map(
    (where) => `${where} keeps the workspace-only @marketkit/source condition`,
  );
  for (const group of ['dependencies', 'optionalDependencies', 'peerDependencies'])
    for (const [name, range] of Object.entries(manifest[group] ?? {})) {
      if (/^(workspace|link|file):/.test(range))
        problems.push(`${group} ${name} keeps the local range "${range}"`);
      else if (group !== 'peerDependencies' && !range.startsWith('^'))
        problems.push(`${group} ${name} is pinned to "${range}": give a caret range so it dedupes`);
    }
  return problems;
}

/** Every string leaf of an `exports` value (any condition). */
function exportTargets(value) {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(exportTargets);
  return [];
}

/** The files package.json names, as `[field, target]`. */
export function namedTargets(manifest) {
  const bin = typeof manifest.bin === 'string' ? [manifest.bin] : Object.values(manifest.bin ?? {});
  return [
    ...exportTargets(manifest.exports).map((target) => ['exports', target]),
    ...['main', 'module', 'types', 'typings']
      .filter((field) => typeof manifest[field] === 'string')
      .map((field) => [field, manifest[field]]),
    ...bin.map((target) => ['bin', target]),
  ];
}

/** Every named file is in the tarball; a `*` pattern matches at least one. */
export function targetProblems(manifest, files) {
  const problems = [];
  for (const [field, target] of namedTargets(manifest)) {
    const path = posix.normalize(target);
    const present = path.includes('*')
      ? [...files.keys()].some((file) => patternRegExp(path).test(file))
      : files.has(path);
    if (!present) problems.push(`package.json "${field}" points at ${target}, which is not in the tarball`);
  }
  return problems;
}

const patternRegExp = (pattern) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+)')}$`,
  );

/**
 * The target `exports` gives a subpath (`.`, `./core`) under some conditions, as Node resolves it:
 * exact key, else the longest matching `*` pattern; conditions in the map's order, `default` always.
 */
export function resolveExport(exports, subpath, conditions) {
  if (exports == null) return null;
  const sugar =
    typeof exports === 'string' ||
    Array.isArray(exports) ||
    !Object.keys(exports).some((key) => key.startsWith('.'));
  const map = sugar ? { '.': exports } : exports;
  if (Object.hasOwn(map, subpath)) return pickTarget(map[subpath], conditions, null);
  let best = null;
  for (const key of Object.keys(map)) {
    const star = key.indexOf('*');
    if (star === -1) continue;
    const [prefix, suffix] = [key.slice(0, star), key.slice(star + 1)];
    if (subpath.length >= key.length && subpath.startsWith(prefix) && subpath.endsWith(suffix))
      if (!best || prefix.length > best.prefix.length)
        best = { key, prefix, match: subpath.slice(prefix.length, subpath.length - suffix.length) };
  }
  return best ? pickTarget(map[best.key], conditions, best.match) : null;
}

function pickTarget(value, conditions, match) {
  if (typeof value === 'string') return match === null ? value : value.replaceAll('*', match);
  if (Array.isArray(value)) {
    for (const inner of value) {
      const target = pickTarget(inner, conditions, match);
      if (target) return target;
    }
  } else if (value && typeof value === 'object') {
    for (const [condition, inner] of Object.entries(value))
      if (condition === 'default' || conditions.includes(condition)) {
        const target = pickTarget(inner, conditions, match);
        if (target) return target;
      }
  }
  return null;
}

/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`). */
export const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** `react` → `@types/react`, `@scope/name` → `@types/scope__name`. */
const typesPackage = (name) => `@types/${name.replace(/^@/, '').replace('/', '__')}`;

const isDeclaration = (path) => /\.d\.[cm]?ts$/.test(path);
const isCode = (path) => /\.[cm]?js$/.test(path) || isDeclaration(path);

/**
 * What a JavaScript or declaration file imports: `[specifier, kind]`, kind `import` (any import,
 * export-from, `require`, `import("…")`), `path` (`/// <reference path>`) or `types`
 * (`/// <reference types>`). Comments and strings are not read.
 */
export function importsOf(text) {
  const { importedFiles, referencedFiles, typeReferenceDirectives } = ts.preProcessFile(text, true, true);
  return [
    ...importedFiles.map((entry) => [entry.fileName, 'import']),
    ...referencedFiles.map((entry) => [entry.fileName, 'path']),
    ...typeReferenceDirectives.map((entry) => [entry.fileName, 'types']),
  ];
}

/**
 * The tarball files a relative import may land on. JavaScript: the file itself (Node's ESM resolver
 * adds no extension). Declarations: also their `.d.ts` twin — tsc keeps `./x.js` or, with
 * rewriteRelativeImportExtensions, `./x.tsx` — and, as a bundler resolves, `./x` → `x.d.ts`/`x/index.d.ts`.
 */
export function relativeCandidates(from, specifier) {
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  if (!isDeclaration(from)) return [target];
  return [
    target,
    target
      .replace(/\.(?:[jt]sx?)$/, '.d.ts')
      .replace(/\.m[jt]s$/, '.d.mts')
      .replace(/\.c[jt]s$/, '.d.cts'),
    `${target}.d.ts`,
    `${target}/index.d.ts`,
  ];
}

/** Every import of the tarball's JavaScript and declarations resolves inside it or to a declared package. */
export function importProblems(manifest, files) {
  const declared = new Set(
    ['dependencies', 'peerDependencies', 'optionalDependencies'].flatMap((group) =>
      Object.keys(manifest[group] ?? {}),
    ),
  );
  const problems = [];
  for (const [path, content] of files) {
    if (!isCode(path) || inTemplate(path)) continue;
    const declaration = isDeclaration(path);
    for (const [specifier, kind] of importsOf(content.toString('utf8'))) {
      const what = kind === 'import' ? `imports ${specifier}` : `references ${kind} "${specifier}"`;
      if (kind === 'path' || specifier.startsWith('.')) {
        if (!relativeCandidates(path, specifier).some((candidate) => files.has(candidate)))
          problems.push(`${path} ${what}, which is not in the tarball`);
        continue;
      }
      if (isBuiltin(specifier) || (kind === 'types' && specifier === 'node')) continue;
      const name = packageOf(specifier);
      if (name === manifest.name) {
        const subpath = `.${specifier.slice(name.length)}`;
        const conditions = declaration ? ['types', 'import', 'node'] : ['import', 'node'];
        const target = resolveExport(manifest.exports, subpath, conditions);
        if (!target || !files.has(posix.normalize(target)))
          problems.push(`${path} ${what}, which the package's exports do not give`);
      } else if (!declared.has(name) && !(declaration && declared.has(typesPackage(name)))) {
        problems.push(`${path} ${what}, which is neither a dependency nor a peer dependency`);
      }
    }
  }
  return problems;
}

/** Only the build ships: no tests, no TypeScript source, no maps. */
export function contentProblems(files) {
  const problems = [];
  for (const path of files.keys()) {
    if (inTemplate(path)) continue;
    if (/(^|\/)(test|tests|__tests__|__mocks__)\/|\.(test|spec)(-d)?\.[cm]?[jt]sx?$/.test(path))
      problems.push(`${path} is part of the tests`);
    else if (/\.[cm]?tsx?$/.test(path) && !isDeclaration(path))
      problems.push(`${path} is TypeScript source: the package ships its build`);
    else if (path.endsWith('.map')) problems.push(`${path} is a map of sources the package does not ship`);
  }
  return problems;
}

/** What only a reader of the repository has, each with what it is. */
const REPOSITORY_ONLY = [
  [/\bexamples\/[\w.-]+/g, "the repository's examples"],
  [/\bapps\/storefront\b/g, "the repository's reference storefront"],
  [/\bdocs\/decisions\b/g, "the repository's decision records"],
  [/\b(?:DESIGN|STYLE)\.md\b|\bFIELD-NOTES\b|\bstorefront-spec\b/g, "the project's notes"],
  [/\bspec\s*§\s*[\d.]*|§\s*\d[\d.]*/g, 'a section of the product spec'],
];

/** Shipped Markdown names nothing a package user does not have: `file:line` and what it names. */
export function docsProblems(files) {
  const problems = [];
  for (const [path, content] of files) {
    if (!path.endsWith('.md')) continue;
    content
      .toString('utf8')
      .split('\n')
      .forEach((line, index) => {
        for (const [pattern, what] of REPOSITORY_ONLY)
          for (const [found] of line.matchAll(pattern))
            problems.push(
              `${path}:${index + 1} refers to ${found} (${what}), which a package user does not have: state the rule or link to what npm gives`,
            );
      });
  }
  return problems;
}

/** `pnpm` as the workspace runs it: the one running this script (`pnpm run`), else the one on PATH. */
export function pnpmCommand() {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by pnpm for the scripts it runs
  const execPath = process.env.npm_execpath ?? '';
  if (/pnpm/.test(basename(execPath))) return [process.execPath, execPath];
  if (spawnSync('pnpm', ['--version'], { encoding: 'utf8' }).status === 0) return ['pnpm'];
  throw new Error('pnpm is not on PATH (run through `npm test` or `pnpm run …`)');
}

/**
 * Packs the package in `packageDir` as `pnpm publish` would (publishConfig applied, `workspace:` ranges
 * replaced) into a new folder under `destination`; returns the tarball's path.
 */
export function packPackage(packageDir, destination) {
  mkdirSync(destination, { recursive: true });
  const dir = mkdtempSync(join(destination, 'pack-'));
  const [pnpm, ...pnpmArgs] = pnpmCommand();
  const result = spawnSync(pnpm, [...pnpmArgs, 'pack', '--pack-destination', dir], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz'));
  if (result.status !== 0 || !tarball)
    throw new Error(
      `pnpm pack in ${packageDir} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`,
    );
  return join(dir, tarball);
}
