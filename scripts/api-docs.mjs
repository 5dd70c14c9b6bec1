#!/usr/bin/env node
// Writes each published package's API reference as Markdown, inside the package
// (packages/<name>/docs/api, committed and shipped in its tarball), with TypeDoc and
// typedoc-plugin-markdown: every export with its signature and TSDoc, readable on GitHub, on npm (the
// README links to it) and in node_modules, with no build of the repository.
//
//   node scripts/api-docs.mjs [sdk hooks …]   rewrites the pages of those packages (default: all four)
//   … --check (or MARKETKIT_GENERATE=check)    writes nothing; fails when the committed pages differ
//                                              from what the sources give (CI and `npm test`)
// Either way, every relative link of a package's README (to its API pages, say) must name a file that
// exists in the package: a hook renamed or removed fails the run until its README follows; and no page
// may show a nested type flattened to `object` (`object[]`, `object & object`): its fields are written
// out (typedoc.base.json: expandObjects, expandParameters).
//
// Why committed rather than generated at pack time: docs/decisions/0012-api-reference-as-markdown.md.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = ['sdk', 'hooks', 'ui', 'sandbox'];
const args = process.argv.slice(2);
const check = args.includes('--check') || process.env.MARKETKIT_GENERATE === 'check';
const chosen = args.filter((arg) => !arg.startsWith('--'));
const unknown = chosen.filter((name) => !PACKAGES.includes(name));
if (unknown.length > 0) fail(`unknown package ${unknown.join(', ')}: choose from ${PACKAGES.join(', ')}`);
const packages = chosen.length > 0 ? chosen : PACKAGES;
const typedoc = join(root, 'node_modules', 'typedoc', 'bin', 'typedoc');

const scratch = mkdtempSync(join(tmpdir(), 'marketkit-api-docs-'));
let drift = false;
let brokenLinks = 0;
try {
  for (const name of packages) {
    const dir = join(root, 'packages', name);
    const committed = join(dir, 'docs', 'api');
    const fresh = join(scratch, name);
    const run = spawnSync(
      process.execPath,
      [typedoc, '--options', 'typedoc.json', '--out', fresh, '--logLevel', 'Warn'],
      {
        cwd: dir,
        stdio: 'inherit',
      },
    );
    if (run.status !== 0) fail(`TypeDoc failed for @marketkit/${name} (exit ${run.status ?? run.signal})`);
    const flattened = flattenedTypes(fresh);
    for (const where of flattened.slice(0, 20))
      console.error(`✖ packages/${name}/docs/api/${where} shows a nested type as \`object\``);
    if (flattened.length > 0)
      fail(`${flattened.length} place(s) of the @marketkit/${name} API pages flatten a type to \`object\``);
    const changes = compare(fresh, committed);
    if (check) {
      if (changes.length > 0) {
        drift = true;
        console.error(
          `✖ packages/${name}/docs/api is out of date with the sources; \`pnpm run docs\` would:`,
        );
        for (const line of changes.slice(0, 20)) console.error(`    ${line}`);
        if (changes.length > 20) console.error(`    … and ${changes.length - 20} more`);
      } else console.log(`packages/${name}/docs/api is up to date`);
    } else {
      rmSync(committed, { recursive: true, force: true });
      renameOrCopy(fresh, committed);
      console.log(
        `wrote packages/${name}/docs/api (${countFiles(committed)} pages${changes.length ? `; ${summary(changes)}` : '; unchanged'})`,
      );
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
for (const name of packages) brokenLinks += checkReadmeLinks(name);
if (brokenLinks > 0) fail(`${brokenLinks} link(s) of the package READMEs name no file (above)`);
if (drift) fail('the API reference is out of date: run `pnpm run docs` and commit packages/*/docs/api');

/** What regenerating would do to the committed pages: `add x`, `change x`, `remove x`. */
function compare(fresh, committed) {
  const a = new Set(listFiles(fresh));
  const b = new Set(existsSync(committed) ? listFiles(committed) : []);
  const changes = [];
  for (const file of a) {
    if (!b.has(file)) changes.push(`add ${file}`);
    else if (!readFileSync(join(fresh, file)).equals(readFileSync(join(committed, file))))
      changes.push(`change ${file}`);
  }
  for (const file of b) if (!a.has(file)) changes.push(`remove ${file}`);
  return changes.sort();
}

/**
 * `file:line` of every page line showing a type as a bare `object` (TypeDoc's rendering of an object
 * type it did not expand), in code blocks (`object[]`, `object & …`) or in text (`` `object` ``).
 */
function flattenedTypes(dir) {
  const found = [];
  for (const file of listFiles(dir))
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (/\bobject\s*(?:\[\]|&|\||;|,|\)|>)|(?:&|\||:|<)\s*object\b|`object`/.test(line))
          found.push(`${file}:${index + 1}`);
      });
  return found;
}

/** Relative links of packages/<name>/README.md whose file is missing; reports and counts them. */
function checkReadmeLinks(name) {
  const dir = join(root, 'packages', name);
  const text = readFileSync(join(dir, 'README.md'), 'utf8').replace(/^```[\s\S]*?^```/gm, '');
  let broken = 0;
  for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(?:[a-z]+:|#)/i.test(target)) continue;
    const path = decodeURIComponent(target.split('#')[0]);
    if (existsSync(join(dir, path))) continue;
    broken += 1;
    console.error(`✖ packages/${name}/README.md links to ${target}, which does not exist`);
  }
  return broken;
}

function listFiles(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(join(dir, entry.name), base) : [relative(base, join(dir, entry.name))],
  );
}

function countFiles(dir) {
  return listFiles(dir).length;
}

function summary(changes) {
  const counts = { added: 0, changed: 0, removed: 0 };
  const kinds = { add: 'added', change: 'changed', remove: 'removed' };
  for (const change of changes) counts[kinds[change.split(' ')[0]]] += 1;
  return Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
}

function renameOrCopy(from, to) {
  try {
    renameSync(from, to);
  } catch {
    // Another file system (the temporary folder on tmpfs): copy instead.
    cpSync(from, to, { recursive: true });
  }
}

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}
