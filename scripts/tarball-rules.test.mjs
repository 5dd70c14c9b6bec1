// Table tests of scripts/tarball-rules.mjs: `node --test scripts/tarball-rules.test.mjs` (part of verify).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, test } from 'node:test';
import {
  contentProblems,
  docsProblems,
  importProblems,
  manifestProblems,
  readTarball,
  resolveExport,
  tarballProblems,
  targetProblems,
} from './tarball-rules.mjs';

const filesOf = (entries) =>
  new Map(Object.entries(entries).map(([path, text]) => [path, Buffer.from(text)]));

const manifest = {
  name: '@mk/pkg',
  exports: {
    '.': { types: './dist/index.d.ts', default: './dist/index.js' },
    './core': { types: './dist/core/index.d.ts', default: './dist/core/index.js' },
    './openapi.json': './openapi/contract.json',
    './gone': { default: './dist/gone.js' },
  },
  dependencies: { dep: '^1.0.0', '@scope/lib': '^2.0.0', '@types/typed': '^3.0.0' },
  peerDependencies: { react: '^18.3.0 || ^19.0.0' },
  optionalDependencies: { opt: '^1.0.0' },
};
const base = {
  'dist/index.js': '',
  'dist/index.d.ts': '',
  'dist/core/index.js': '',
  'dist/core/index.d.ts': '',
  'dist/x.js': '',
  'dist/x.d.ts': '',
  'dist/provider.js': '',
  'dist/provider.d.ts': '',
  'dist/dir/index.d.ts': '',
  'openapi/contract.json': '{}',
};

describe('importProblems', () => {
  const cases = [
    // [what, file, text, problems]
    ['JS: a relative import of a file in the tarball', 'dist/index.js', "import { x } from './x.js';", []],
    [
      'JS: an extensionless relative import (Node ESM adds no extension)',
      'dist/index.js',
      "export * from './x';",
      ['dist/index.js imports ./x, which is not in the tarball'],
    ],
    [
      'JS: a relative import whose file is missing, though its .d.ts is there',
      'dist/index.js',
      "import './missing.js';",
      ['dist/index.js imports ./missing.js, which is not in the tarball'],
    ],
    [
      'JS: a dynamic import of a missing file',
      'dist/index.js',
      "const lazy = () => import('./lazy.js');",
      ['dist/index.js imports ./lazy.js, which is not in the tarball'],
    ],
    ['d.ts: ./x.js stands for x.d.ts', 'dist/index.d.ts', "export * from './x.js';", []],
    [
      'd.ts: ./provider.tsx (rewriteRelativeImportExtensions) stands for provider.d.ts',
      'dist/index.d.ts',
      "export { P } from './provider.tsx';",
      [],
    ],
    ['d.ts: ./dir resolves to dir/index.d.ts', 'dist/index.d.ts', "export * from './dir';", []],
    [
      'd.ts: an import("…") type of a missing file',
      'dist/index.d.ts',
      "export declare const t: import('./types.js').T;",
      ['dist/index.d.ts imports ./types.js, which is not in the tarball'],
    ],
    [
      'd.ts: a /// <reference path> to a missing file',
      'dist/index.d.ts',
      '/// <reference path="./globals.d.ts" />\nexport {};',
      ['dist/index.d.ts references path "./globals.d.ts", which is not in the tarball'],
    ],
    [
      'an import inside a TSDoc comment or a string is not an import',
      'dist/index.d.ts',
      "/**\n * import { Link } from 'react-router';\n */\nexport declare const s = \"import 'nope'\";",
      [],
    ],
    [
      'dependencies, subpaths of them, peers and optional dependencies',
      'dist/index.js',
      "import 'dep/sub'; import '@scope/lib/x'; import 'react'; import 'opt';",
      [],
    ],
    [
      'Node built-ins, with and without node:',
      'dist/index.js',
      "import 'node:fs'; import 'fs/promises';",
      [],
    ],
    [
      'an undeclared package (import and require)',
      'dist/index.js',
      "import 'lodash'; const b = require('@other/b');",
      [
        'dist/index.js imports lodash, which is neither a dependency nor a peer dependency',
        'dist/index.js imports @other/b, which is neither a dependency nor a peer dependency',
      ],
    ],
    ['d.ts: @types/typed stands for typed', 'dist/index.d.ts', "import type { T } from 'typed';", []],
    [
      'JS: @types/typed does not stand for typed at run time',
      'dist/index.js',
      "import 'typed';",
      ['dist/index.js imports typed, which is neither a dependency nor a peer dependency'],
    ],
    [
      'd.ts: /// <reference types> of an undeclared package; types="node" is the built-ins',
      'dist/index.d.ts',
      '/// <reference types="node" />\n/// <reference types="vite/client" />\nexport {};',
      ['dist/index.d.ts references types "vite/client", which is neither a dependency nor a peer dependency'],
    ],
    [
      'self-references through exports (types condition for declarations)',
      'dist/x.d.ts',
      "import '@mk/pkg'; import '@mk/pkg/core'; import '@mk/pkg/openapi.json';",
      [],
    ],
    [
      'self-references exports do not give, or whose target is missing',
      'dist/x.js',
      "import '@mk/pkg/internal'; import '@mk/pkg/gone';",
      [
        "dist/x.js imports @mk/pkg/internal, which the package's exports do not give",
        "dist/x.js imports @mk/pkg/gone, which the package's exports do not give",
      ],
    ],
  ];
  for (const [what, file, text, problems] of cases)
    test(what, () => {
      assert.deepEqual(importProblems(manifest, filesOf({ ...base, [file]: text })), problems);
    });
});

describe('manifestProblems', () => {
  const cases = [
    [
      'a clean manifest',
      {
        dependencies: { a: '^1.2.3' },
        peerDependencies: { react: '^18 || ^19' },
        devDependencies: { b: '1.0.0' },
      },
      [],
    ],
    [
      'the source condition, wherever it is',
      { exports: { '.': { '@marketkit/source': './src/index.ts', default: './dist/index.js' } } },
      [
        'package.json["exports"]["."]["@marketkit/source"] keeps the workspace-only @marketkit/source condition',
      ],
    ],
    [
      'local ranges',
      { dependencies: { a: 'workspace:^' }, peerDependencies: { b: 'link:../b' } },
      [
        'dependencies a keeps the local range "workspace:^"',
        'peerDependencies b keeps the local range "link:../b"',
      ],
    ],
    [
      'pinned runtime and optional dependencies',
      { dependencies: { a: '1.2.3' }, optionalDependencies: { c: '~1.0.0' } },
      [
        'dependencies a is pinned to "1.2.3": give a caret range so it dedupes',
        'optionalDependencies c is pinned to "~1.0.0": give a caret range so it dedupes',
      ],
    ],
  ];
  for (const [what, value, problems] of cases)
    test(what, () => assert.deepEqual(manifestProblems({ name: 'p', ...value }), problems));
});

describe('targetProblems', () => {
  const files = filesOf({ 'package.json': '{}', 'dist/index.js': '', 'bin/cli.js': '', 'dist/a/b.js': '' });
  const cases = [
    [
      'every named file present',
      {
        exports: { '.': './dist/index.js', './package.json': './package.json' },
        main: './dist/index.js',
        bin: { c: './bin/cli.js' },
      },
      [],
    ],
    [
      'missing exports, types and bin targets',
      {
        exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
        types: 'dist/index.d.ts',
        bin: './bin/gone.js',
      },
      [
        'package.json "exports" points at ./dist/index.d.ts, which is not in the tarball',
        'package.json "types" points at dist/index.d.ts, which is not in the tarball',
        'package.json "bin" points at ./bin/gone.js, which is not in the tarball',
      ],
    ],
    ['a pattern matching a file', { exports: { './*': './dist/a/*.js' } }, []],
    [
      'a pattern matching none',
      { exports: { './*': './lib/*.js' } },
      ['package.json "exports" points at ./lib/*.js, which is not in the tarball'],
    ],
  ];
  for (const [what, value, problems] of cases)
    test(what, () => assert.deepEqual(targetProblems(value, files), problems));
});

describe('resolveExport', () => {
  const exports = {
    '.': { types: './index.d.ts', import: './index.mjs', default: './index.js' },
    './core': [{ node: './core-node.js' }, './core.js'],
    './features/*': { types: './types/*.d.ts', default: './features/*.js' },
    './features/private/*': null,
  };
  const cases = [
    [exports, '.', ['types'], './index.d.ts'],
    [exports, '.', ['import'], './index.mjs'],
    [exports, '.', [], './index.js'],
    [exports, './core', ['node'], './core-node.js'],
    [exports, './core', [], './core.js'],
    [exports, './features/cart', ['types'], './types/cart.d.ts'],
    [exports, './features/private/x', ['types'], null],
    [exports, './missing', [], null],
    ['./only.js', '.', [], './only.js'],
    [{ types: './t.d.ts', default: './d.js' }, '.', ['types'], './t.d.ts'],
    [undefined, '.', [], null],
  ];
  for (const [value, subpath, conditions, target] of cases)
    test(`${subpath} under [${conditions}] → ${target}`, () =>
      assert.equal(resolveExport(value, subpath, conditions), target));
});

describe('contentProblems', () => {
  test('only the build ships', () =>
    assert.deepEqual(
      contentProblems(
        filesOf({
          'dist/index.js': '',
          'dist/index.d.ts': '',
          'dist/index.d.mts': '',
          'dist/index.test.js': '',
          'dist/__tests__/a.js': '',
          'dist/cart.test-d.ts': '',
          'src/index.ts': '',
          'dist/view.tsx': '',
          'dist/index.js.map': '',
          'dist/index.d.ts.map': '',
        }),
      ),
      [
        'dist/index.test.js is part of the tests',
        'dist/__tests__/a.js is part of the tests',
        'dist/cart.test-d.ts is part of the tests',
        'src/index.ts is TypeScript source: the package ships its build',
        'dist/view.tsx is TypeScript source: the package ships its build',
        'dist/index.js.map is a map of sources the package does not ship',
        'dist/index.d.ts.map is a map of sources the package does not ship',
      ],
    ));
});

describe('a starter template', () => {
  test('its sources and tests ship, its imports are its own package.json’s', () => {
    const files = filesOf({
      'bin.mjs': "import { cpSync } from 'node:fs';",
      'template/src/app.tsx': "import { useCart } from '@marketkit/hooks';",
      'template/test/journey.test.tsx': '',
      'template/vite.config.js': "import { defineConfig } from 'vite';",
    });
    assert.deepEqual(contentProblems(files), []);
    assert.deepEqual(importProblems({ name: 'create-x' }, files), []);
  });
  test('outside template/ the rules hold', () =>
    assert.deepEqual(contentProblems(filesOf({ 'templates/src/app.tsx': '' })), [
      'templates/src/app.tsx is TypeScript source: the package ships its build',
    ]));
});

describe('docsProblems', () => {
  const refusal = (where, found, what) =>
    `${where} refers to ${found} (${what}), which a package user does not have: state the rule or link to what npm gives`;
  test('shipped Markdown names nothing of the repository', () =>
    assert.deepEqual(
      docsProblems(
        filesOf({
          'README.md': [
            'A storefront is in [`examples/custom-storefront`](https://github.com/x/y/tree/main/examples/custom-storefront).',
            'As `apps/storefront` does (see docs/decisions/0008).',
            'The rule (DESIGN.md, spec §4.2; FIELD-NOTES) and storefront-spec.md.',
            'Per § 7 of the spec.',
          ].join('\n'),
          'docs/api/functions/x.md': 'fine\nsee spec §3',
          'template/README.md': 'Copied from examples/custom-storefront',
          'dist/index.js': '// examples/custom-storefront',
        }),
      ),
      [
        refusal('README.md:1', 'examples/custom-storefront', "the repository's examples"),
        refusal('README.md:1', 'examples/custom-storefront', "the repository's examples"),
        refusal('README.md:2', 'apps/storefront', "the repository's reference storefront"),
        refusal('README.md:2', 'docs/decisions', "the repository's decision records"),
        refusal('README.md:3', 'DESIGN.md', "the project's notes"),
        refusal('README.md:3', 'FIELD-NOTES', "the project's notes"),
        refusal('README.md:3', 'storefront-spec', "the project's notes"),
        refusal('README.md:3', 'spec §4.2', 'a section of the product spec'),
        refusal('README.md:4', '§ 7', 'a section of the product spec'),
        refusal('docs/api/functions/x.md:2', 'spec §3', 'a section of the product spec'),
        refusal('template/README.md:1', 'examples/custom-storefront', "the repository's examples"),
      ],
    ));
  test('what a package user has passes', () =>
    assert.deepEqual(
      docsProblems(
        filesOf({
          'README.md':
            'Start with `npm create @marketkit/storefront@latest my-shop`; see [the API](docs/api/README.md) and the examples below.',
        }),
      ),
      [],
    ));
});

describe('readTarball', () => {
  const long = `dist/${'deep/'.repeat(25)}module.js`; // > 100 characters: prefix, GNU or pax long name
  for (const format of ['ustar', 'gnu', 'pax'])
    test(`reads a ${format} tarball with a long path`, (t) => {
      const dir = mkdtempSync(join(tmpdir(), 'tarball-rules-'));
      t.after(() => rmSync(dir, { recursive: true, force: true }));
      const packageJson = { name: '@mk/pkg', exports: './dist/index.js' };
      for (const [path, text] of [
        ['package.json', JSON.stringify(packageJson)],
        ['dist/index.js', `import './${long.slice(5)}';`],
        [long, 'export {};'],
      ]) {
        mkdirSync(dirname(join(dir, 'package', path)), { recursive: true });
        writeFileSync(join(dir, 'package', path), text);
      }
      const tarball = join(dir, 'pkg.tgz');
      const result = spawnSync('tar', [`--format=${format}`, '-czf', tarball, '-C', dir, 'package']);
      assert.equal(result.status, 0, String(result.stderr));
      const read = readTarball(readFileSync(tarball));
      assert.deepEqual([...read.files.keys()].sort(), ['dist/index.js', long, 'package.json'].sort());
      assert.deepEqual(read.manifest, packageJson);
      assert.equal(
        read.unpackedBytes,
        [...read.files.values()].reduce((sum, b) => sum + b.length, 0),
      );
      assert.deepEqual(tarballProblems(read), []);
    });
});
