import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('../../src/core', import.meta.url));

// DESIGN.md: the core is pure — no React, no zustand, no TanStack, and only types from the SDK.
it('keeps src/core free of React, zustand, TanStack and SDK runtime code', () => {
  const offences: string[] = [];
  for (const file of readdirSync(CORE)) {
    const text = readFileSync(join(CORE, file), 'utf8');
    for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
      const [, , typeOnly, source = ''] = match;
      if (source.startsWith('./')) continue;
      if (source === '@marketkit/sdk' && typeOnly) continue;
      offences.push(`${file}: ${match[0].trim()}`);
    }
    if (/\bwindow\.|\bdocument\.|localStorage/.test(text)) offences.push(`${file}: touches browser globals`);
  }
  expect(offences).toEqual([]);
});
