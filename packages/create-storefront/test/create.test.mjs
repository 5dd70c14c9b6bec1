// The starter's script: name rules, refusals that touch nothing, the files it writes and the ranges
// it substitutes, and that the template is the example (the one source) as it is now.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { CreateError, createStorefront, nameProblem, nextSteps } from '../create.mjs';
import {
  buildTemplate,
  EXAMPLE,
  templateManifest,
  templateReadme,
  workspaceVersions,
} from '../scripts/template.mjs';

const bin = fileURLToPath(new URL('../bin.mjs', import.meta.url));
let work = '';
let template = '';
before(() => {
  work = mkdtempSync(join(tmpdir(), 'create-storefront-test-'));
  template = buildTemplate({ out: join(work, 'template') });
});
after(() => rmSync(work, { recursive: true, force: true }));

const listFiles = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();

describe('nameProblem', () => {
  for (const name of ['my-shop', 'shop2', 'shop.v2', 'a', 'my_shop', 'x'.repeat(214)])
    test(`accepts ${JSON.stringify(name.slice(0, 20))}`, () => assert.equal(nameProblem(name), null));
  for (const [name, words] of [
    ['', /give/],
    ['My-Shop', /capital/],
    ['../shop', /starts with "\."/],
    ['shops/mine', /not a folder name/],
    ['/tmp/shop', /not a folder name/],
    ['my shop', /not a folder name/],
    ['.hidden', /starts with "\."/],
    ['_shop', /starts with "_"/],
    ['node_modules', /reserves/],
    ['x'.repeat(215), /214/],
    ['shop<script>', /not a folder name/],
  ])
    test(`refuses ${JSON.stringify(name.slice(0, 20))}`, () => assert.match(nameProblem(name) ?? '', words));
});

describe('createStorefront', () => {
  test('writes the app: named after its folder, published ranges, .gitignore, no install or build', () => {
    const target = createStorefront('my-shop', { cwd: work, template });
    assert.equal(target, join(work, 'my-shop'));
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    assert.equal(manifest.name, 'my-shop');
    const versions = workspaceVersions();
    const marketkit = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(
      ([name]) => name.startsWith('@marketkit/'),
    );
    assert.deepEqual(marketkit.map(([name]) => name).sort(), [
      '@marketkit/hooks',
      '@marketkit/sandbox',
      '@marketkit/sdk',
      '@marketkit/ui',
    ]);
    for (const [name, range] of marketkit) assert.equal(range, `^${versions[name]}`, name);
    const files = listFiles(target);
    assert.ok(files.includes('.gitignore') && !files.includes('_gitignore'), files.join(', '));
    for (const file of [
      'src/app.tsx',
      'src/main.tsx',
      'test/journey.test.tsx',
      'vite.config.ts',
      'README.md',
    ])
      assert.ok(files.includes(file), `${file} is missing`);
    assert.ok(!files.some((file) => /^(node_modules|dist|test-results)\//.test(file)), files.join(', '));
    const readme = readFileSync(join(target, 'README.md'), 'utf8');
    assert.doesNotMatch(readme, /repository-only|packages\/create-storefront|scripts\/packed-check/);
    assert.match(readme, /npm run dev/);
  });

  test('an empty folder of that name is used', () => {
    mkdirSync(join(work, 'empty-shop'));
    createStorefront('empty-shop', { cwd: work, template });
    assert.ok(listFiles(join(work, 'empty-shop')).includes('package.json'));
  });

  test('refuses a folder that is not empty and leaves it as it was', () => {
    mkdirSync(join(work, 'taken'));
    writeFileSync(join(work, 'taken', 'notes.txt'), 'mine');
    assert.throws(
      () => createStorefront('taken', { cwd: work, template }),
      (error) => {
        assert.ok(error instanceof CreateError);
        assert.match(error.message, /exists and is not empty/);
        return true;
      },
    );
    assert.deepEqual(listFiles(join(work, 'taken')), ['notes.txt']);
  });

  test('refuses a file of that name', () => {
    writeFileSync(join(work, 'a-file'), '');
    assert.throws(() => createStorefront('a-file', { cwd: work, template }), /is not a folder/);
  });

  test('refuses a bad name before touching anything', () => {
    assert.throws(() => createStorefront('../escape', { cwd: work, template }), CreateError);
    assert.throws(() => createStorefront('Shop', { cwd: work, template }), CreateError);
    assert.ok(!readdirSync(work).includes('Shop'));
  });

  test('refuses a template that was not packed (no template, or workspace: ranges left)', () => {
    assert.throws(
      () => createStorefront('no-template', { cwd: work, template: join(work, 'nowhere') }),
      /template is missing/,
    );
    const raw = join(work, 'raw-template');
    mkdirSync(raw);
    writeFileSync(
      join(raw, 'package.json'),
      JSON.stringify({ dependencies: { '@marketkit/sdk': 'workspace:*' } }),
    );
    assert.throws(() => createStorefront('from-raw', { cwd: work, template: raw }), /local ranges/);
  });

  test('prints the two commands', () =>
    assert.deepEqual(nextSteps('my-shop'), ['cd my-shop && npm install', 'npm run dev']));
});

describe('the template', () => {
  test('is the example: every file of it, byte for byte, but package.json, README.md and .gitignore', () => {
    const skipped = /^(node_modules|dist|test-results|\.turbo)\/|\.tsbuildinfo$/;
    const example = listFiles(EXAMPLE).filter((file) => !skipped.test(file));
    const copied = listFiles(template);
    assert.deepEqual(copied, example.map((file) => (file === '.gitignore' ? '_gitignore' : file)).sort());
    for (const file of example.filter((f) => !['package.json', 'README.md', '.gitignore'].includes(f)))
      assert.ok(
        readFileSync(join(EXAMPLE, file)).equals(readFileSync(join(template, file))),
        `${file} differs`,
      );
  });

  test('templateManifest gives each workspace range the published version, and refuses an unknown one', () => {
    const manifest = {
      dependencies: { '@marketkit/sdk': 'workspace:*', react: '19.3.1' },
      devDependencies: { '@marketkit/sandbox': 'workspace:^' },
    };
    assert.deepEqual(
      templateManifest(manifest, { '@marketkit/sdk': '1.2.3', '@marketkit/sandbox': '0.4.0' }),
      {
        dependencies: { '@marketkit/sdk': '^1.2.3', react: '19.3.1' },
        devDependencies: { '@marketkit/sandbox': '^0.4.0' },
      },
    );
    assert.throws(() => templateManifest(manifest, {}), /@marketkit\/sdk .* not a published package/);
  });

  test('templateReadme drops the repository-only parts', () => {
    assert.equal(
      templateReadme('# A\n\nkeep\n\n<!-- repository-only -->\nrepo\n<!-- /repository-only -->\n\nend\n'),
      '# A\n\nkeep\n\nend\n',
    );
  });
});

describe('the bin', () => {
  const runBin = (...args) => spawnSync(process.execPath, [bin, ...args], { cwd: work, encoding: 'utf8' });
  test('refuses a bad name with one line and exit 1', () => {
    const result = runBin('../x');
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^create-storefront: "\.\.\/x" starts with/);
    assert.doesNotMatch(result.stderr, /at .*\.mjs/);
  });
  test('asks for a name, and refuses an unknown option', () => {
    assert.match(runBin().stderr, /give one folder name/);
    const unknown = runBin('--store', 'x', 'shop');
    assert.equal(unknown.status, 1);
    assert.match(unknown.stderr, /^create-storefront: Unknown option '--store'/);
  });
  test('--help prints the usage', () =>
    assert.match(runBin('--help').stdout, /npm create @marketkit\/storefront@latest NAME/));
});
