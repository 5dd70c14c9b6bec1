/** Translation values as stored in `{language}/{namespace}.json` (nested objects allowed). */
export type TranslationTree = { [key: string]: string | TranslationTree };
export type TranslationValues = Record<string, string | number>;

/** Reads `a.b.c` from a translation tree; only strings count. */
export function lookup(tree: TranslationTree | undefined, key: string): string | undefined {
  let node: string | TranslationTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Replaces `{{name}}` with its value; an unknown name becomes empty rather than leaking braces. */
export function interpolate(template: string, values: TranslationValues | undefined) {
  return template.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_, name: string) => {
    const value = values?.[name];
    return value === undefined ? '' : String(value);
  });
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(language: string, count: number) {
  const locale = language.replace('_', '-');
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * The text for `key` (or `namespace:key`): the first of the namespaces in the language, then in each
 * fallback language; `count` picks the plural form (`key_one`, `key_other`, … as in i18next's JSON v4).
 * A key found nowhere is returned as it is, so a gap shows up instead of an empty label.
 */
export function translate(
  read: (language: string, namespace: string) => TranslationTree | undefined,
  languages: readonly string[],
  namespaces: readonly string[],
  key: string,
  values?: TranslationValues,
): string {
  const separator = key.indexOf(':');
  const scoped = separator > 0 ? [key.slice(0, separator)] : namespaces;
  const bare = separator > 0 ? key.slice(separator + 1) : key;
  const count = values?.count;
  for (const language of languages) {
    const candidates =
      typeof count === 'number'
        ? [`${bare}_${pluralCategory(language, count)}`, `${bare}_other`, bare]
        : [bare];
    for (const namespace of scoped) {
      const tree = read(language, namespace);
      for (const candidate of candidates) {
        const found = lookup(tree, candidate);
        if (found !== undefined) return interpolate(found, values);
      }
    }
  }
  return bare;
}
