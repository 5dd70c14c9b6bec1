// Import rules checked by `pnpm run lint:imports` (part of `pnpm run lint`, hence of `verify`).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes load order matter and hides which module owns what.',
      from: { path: '^(packages/[^/]+/src|apps/storefront/src)/' },
      to: { circular: true },
    },
    {
      name: 'core-is-framework-free',
      severity: 'error',
      comment: 'The pure rules run in Node and tests without React, TanStack Query or zustand.',
      from: { path: '^packages/hooks/src/core/' },
      // Resolved into node_modules, or unresolved (then the path is the bare name).
      to: { path: '(^|/node_modules/)(react|react-dom|zustand|@tanstack/[^/]+)(/|$)' },
    },
    {
      name: 'store-is-react-free',
      severity: 'error',
      comment:
        'The market (`@marketkit/hooks/store`) runs in Node and tests without React: no React, no React bindings, nothing of the hooks.',
      from: { path: '^packages/hooks/src/store/' },
      to: {
        path: [
          '(^|/node_modules/)(react|react-dom|@tanstack/react-query)(/|$)',
          '^packages/hooks/src/react/',
        ],
      },
    },
    {
      name: 'packages-do-not-import-the-storefront',
      severity: 'error',
      comment: 'The reference storefront builds on the packages, never the other way round.',
      from: { path: '^packages/' },
      to: { path: '^apps/storefront/' },
    },
    {
      name: 'shell-does-not-import-pages',
      severity: 'error',
      comment: 'The shell (layout, header, providers) stays independent of any one page.',
      from: { path: '^apps/storefront/src/shell/' },
      to: { path: '^apps/storefront/src/pages/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|generated|\\.react-router)/' },
    // Type-only imports count: a circle through types is still a circle for the reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@marketkit/source', 'import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
