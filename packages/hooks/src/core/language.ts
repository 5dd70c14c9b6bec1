import type { Schema } from '@marketkit/sdk';

type Language = Schema<'Language'>;

export type Direction = 'LTR' | 'RTL';

/**
 * The store's code for a language asked for (by the address, or `setLanguage`), when it is one of the
 * store's active languages (status 1); null for anything else (unknown, inactive, absent).
 */
export function chosenLanguage(given: string | null, languages: readonly Language[]): string | null {
  const wanted = given?.trim();
  if (!wanted) return null;
  const found = languages.find((l) => l.status === 1 && sameLanguage(l.language_code, wanted));
  return found?.language_code ?? null;
}

/** Languages the storefront supports, and the fallback. */
export const SUPPORTED_LANGUAGES = ['en', 'en_US', 'en_IN', 'hi', 'ar', 'fr'] as const;
export const FALLBACK_LANGUAGE = 'en';

export interface LanguageDecision {
  language: string;
  direction: Direction;
  /** The saved language was not active: the caller stores the default and reloads once. */
  reload: boolean;
}

/**
 * Whether two language codes name the same language: case-insensitively, and with `-` and
 * `_` alike (`en-US`, as i18next and browsers write it, is the store's `en_US`).
 */
export const sameLanguage = (a: string, b: string) =>
  a.toLowerCase().replaceAll('-', '_') === b.toLowerCase().replaceAll('-', '_');

/** The saved language must be active (status 1), else the store default applies. */
export function resolveLanguage(
  saved: string | null | undefined,
  languages: readonly Language[],
): LanguageDecision {
  const active = languages.filter((l) => l.status === 1);
  const match = saved ? active.find((l) => sameLanguage(l.language_code, saved)) : undefined;
  if (match)
    return { language: match.language_code, direction: match.writing_script_direction, reload: false };
  const fallback = active.find((l) => l.is_default) ?? active[0];
  const language = fallback?.language_code ?? FALLBACK_LANGUAGE;
  return {
    language,
    direction: fallback?.writing_script_direction ?? 'LTR',
    reload: Boolean(saved) && !sameLanguage(saved ?? '', language),
  };
}

/** The language named by the first path segment (`/ar/cart` → `ar`), if it is a supported one. */
export function languageFromPath(pathname: string): string | undefined {
  const segment = pathname.split('/')[1] ?? '';
  return SUPPORTED_LANGUAGES.find((code) => sameLanguage(code, segment));
}

/** Direction of a language among the store's languages (RTL for Arabic when unknown). */
export function directionOf(language: string, languages: readonly Language[]): Direction {
  const found = languages.find((l) => sameLanguage(l.language_code, language));
  if (found) return found.writing_script_direction;
  return /^(ar|he|fa|ur)([_-]|$)/i.test(language) ? 'RTL' : 'LTR';
}

/**
 * Whether answers fetched so far must be fetched again: they were asked in `sent` (no language sent
 * means the services host's default, English) and the shopper's language turned out to be another.
 */
export function refetchInLanguage(sent: string | null | undefined, resolved: string): boolean {
  const base = (code: string) => (code.split(/[_-]/)[0] ?? '').toLowerCase();
  return base(sent || FALLBACK_LANGUAGE) !== base(resolved);
}
