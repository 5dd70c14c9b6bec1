import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('../../src/core', import.meta.url));

/**
 * The SDK's pure rules the core may run, so that each lives once (issue 19: the asset list splitter,
 * which `client.imageUrls()` uses too; issue 28: the coupon split, which the sandbox refunds by, and the price
 * text, which `@marketkit/ui`'s `<Money>` writes too).
 * Nothing else of the SDK's runtime: no client, no transport.
 */
const PURE_SDK_HELPERS = new Set([
  'splitAssetList',
  'tokenClaims',
  'displayNameOf',
  'paidPerLine',
  'toMinor',
  'formatPrice',
]);

/** Whether an import from the SDK brings only types and the pure helpers above. */
function typesAndPureHelpers(clause: string): boolean {
  const names = /\{([^}]*)\}/.exec(clause)?.[1];
  if (names === undefined) return false;
  return names
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .every((name) => name.startsWith('type ') || PURE_SDK_HELPERS.has(name));
}

// The core is pure — no React, no zustand, no TanStack, and only types (and the pure helpers
// above) from the SDK.
it('keeps src/core free of React, zustand, TanStack and SDK runtime code', () => {
  const offences: string[] = [];
  for (const file of readdirSync(CORE)) {
    const text = readFileSync(join(CORE, file), 'utf8');
    for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      const [clause, , typeOnly, source = ''] = match;
      if (source.startsWith('./')) continue;
      if (source === '@marketkit/sdk' && (typeOnly || typesAndPureHelpers(clause))) continue;
      offences.push(`${file}: ${match[0].trim()}`);
    }
    if (/\bwindow\.|\bdocument\.|localStorage/.test(text)) offences.push(`${file}: touches browser globals`);
  }
  expect(offences).toEqual([]);
});

// `@marketkit/hooks/prefetch` runs in an early script and on servers: it must not pull React in.
it('keeps src/prefetch and everything it imports free of React, TanStack Query, zustand and src/react', () => {
  const SRC = fileURLToPath(new URL('../../src', import.meta.url));
  const seen = new Set<string>();
  const offences: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const relative = file.slice(SRC.length + 1);
    if (relative.startsWith('react/')) offences.push(`${relative} is reached`);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      const [, typeOnly, source = ''] = match;
      if (typeOnly) continue;
      if (source.startsWith('.')) visit(join(file, '..', source));
      else if (!source.startsWith('@marketkit/sdk')) offences.push(`${relative}: imports ${source}`);
    }
  };
  visit(join(SRC, 'prefetch', 'index.ts'));
  expect(offences).toEqual([]);
  expect([...seen].some((file) => file.includes(`${join('src', 'keys')}`))).toBe(true);
});
