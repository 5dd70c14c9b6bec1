import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');
/** What React Router runs on the server only, and refuses in the SPA build (src/routes.ts). */
const SERVER_ONLY = ['loader', 'action', 'headers', 'middleware'];

/** The names a module exports, and for each re-export the module it comes from. */
function exportsOf(file: string) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
  const names: { name: string; from: string | null }[] = [];
  for (const statement of source.statements) {
    const exported = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : false;
    const isDefault = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)
      : false;
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      for (const element of statement.exportClause.elements) names.push({ name: element.name.text, from });
    } else if (ts.isExportAssignment(statement)) names.push({ name: 'default', from: null });
    else if (exported && isDefault) names.push({ name: 'default', from: null });
    else if (exported && ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        names.push({ name: declaration.name.getText(source), from: null });
    else if (
      exported &&
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) &&
      statement.name
    )
      names.push({ name: statement.name.text, from: null });
  }
  return names;
}

const routeFiles = readdirSync(join(SRC, 'routes')).filter((name) => name.endsWith('.tsx'));
const pages = readdirSync(join(SRC, 'pages')).filter((name) => name.endsWith('.tsx'));

describe('the two builds route to the same pages (src/routes.ts)', () => {
  it('has a route file per page with server exports', () => {
    expect(routeFiles.length).toBeGreaterThan(0);
  });

  it.each(routeFiles)('routes/%s: the page’s every export, and only server exports of its own', (name) => {
    const route = exportsOf(join(SRC, 'routes', name));
    const page = `../pages/${name}`;
    const fromPage = route.filter((entry) => entry.from === page).map((entry) => entry.name);
    expect(fromPage.length).toBeGreaterThan(0);
    expect(fromPage.sort()).toEqual(
      exportsOf(join(SRC, 'pages', name))
        .map((entry) => entry.name)
        .sort(),
    );
    for (const entry of route.filter((entry) => entry.from !== page)) {
      expect(SERVER_ONLY).toContain(entry.name);
      expect(entry.from).toMatch(/\.server\.ts$/);
    }
  });

  it.each(pages)('pages/%s exports nothing only a server runs (the SPA build routes to it)', (name) => {
    const found = exportsOf(join(SRC, 'pages', name)).filter((entry) => SERVER_ONLY.includes(entry.name));
    expect(found).toEqual([]);
  });
});
