import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');

/**
 * Which folders of `src/` a folder may not import from: the frame (`shell/`) sits under the pages and
 * never reaches up into them; catalogue code knows neither the frame nor the pages.
 */
const FORBIDDEN: Record<string, readonly string[]> = {
  shell: ['pages', 'routes'],
  catalogue: ['shell', 'pages', 'routes'],
};

/** Every .ts/.tsx file under a folder. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The module paths a file imports or re-exports, statically or with `import()`. */
function importsOf(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push(node.moduleSpecifier.text);
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      found.push(node.arguments[0].text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The top folder of `src/` a relative import lands in (null: a package, or outside `src/`). */
function folderOf(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = relative(SRC, resolve(dirname(file), specifier));
  return target.startsWith('..') ? null : (target.split(/[\\/]/)[0] ?? null);
}

/** The imports of files under `src/<folder>` that land in a folder it may not import from. */
function crossings(folder: string, files = filesUnder(join(SRC, folder))) {
  const forbidden = FORBIDDEN[folder] ?? [];
  return files.flatMap((file) =>
    importsOf(file)
      .filter((specifier) => forbidden.includes(folderOf(file, specifier) ?? ''))
      .map((specifier) => `${relative(SRC, file)} → ${specifier}`),
  );
}

describe('which folders of the storefront may import which', () => {
  it.each(Object.keys(FORBIDDEN))('nothing in src/%s imports from a folder above it', (folder) => {
    expect(crossings(folder)).toEqual([]);
  });

  it('finds every kind of import that crosses (the check itself)', () => {
    const file = join(SRC, 'shell', 'example.tsx');
    const text = [
      "import { A } from '../pages/a.tsx';",
      "export { B } from '../pages/b.tsx';",
      "const c = () => import('../pages/c.tsx');",
      "import { D } from './d.tsx';",
      "import { E } from '@marketkit/ui';",
    ].join('\n');
    const found = importsOf(file, text).filter((specifier) => folderOf(file, specifier) === 'pages');
    expect(found).toEqual(['../pages/a.tsx', '../pages/b.tsx', '../pages/c.tsx']);
  });
});
