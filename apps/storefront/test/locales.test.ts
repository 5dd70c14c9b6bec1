import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../public/locales');
const LANGUAGES = ['en', 'hi', 'ar', 'fr'];
const namespaces = readdirSync(join(root, 'en')).map((file) => file.replace(/\.json$/, ''));

/** Flattened keys, plural forms folded into their base key (`items_one` → `items`). */
function keys(language: string, namespace: string) {
  const tree = JSON.parse(readFileSync(join(root, language, `${namespace}.json`), 'utf8')) as object;
  const out = new Set<string>();
  const walk = (node: object, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string')
        out.add(`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`);
      else walk(value as object, `${prefix}${key}.`);
    }
  };
  walk(tree, '');
  return [...out].sort();
}

describe('shipped translations', () => {
  it.each(LANGUAGES.flatMap((language) => namespaces.map((namespace) => [language, namespace])))(
    '%s/%s has exactly the English keys, each a non-empty text',
    (language, namespace) => {
      expect(keys(language, namespace)).toEqual(keys('en', namespace));
      const raw = readFileSync(join(root, language, `${namespace}.json`), 'utf8');
      expect(raw).not.toMatch(/:\s*""/);
    },
  );

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s translates the texts rather than copying the English',
    (language) => {
      const english = readFileSync(join(root, 'en', 'header.json'), 'utf8');
      const other = readFileSync(join(root, language, 'header.json'), 'utf8');
      const same = Object.entries(JSON.parse(english) as Record<string, string>).filter(
        ([key, value]) => (JSON.parse(other) as Record<string, string>)[key] === value,
      );
      expect(same).toEqual([]);
    },
  );
});
