import {
  isSavablePincode,
  SAVED_PINCODE_VERSION,
  type SavedPincode,
  sameLanguage,
  storedActivePincode,
  writePersisted,
} from '@marketkit/hooks/core';
import { type CookieAttributes, readCookie, writeCookie } from '@marketkit/sdk';

/**
 * The shopper's language and delivery pincode live in the browser's storage (`ln`, `pincode`); the
 * storefront's server cannot read that, so the app keeps these two cookies in step with them and the
 * server renders the page in that language, with lists for that pincode.
 */
export const LANGUAGE_COOKIE = 'mk_ln';
export const PINCODE_COOKIE = 'mk_pincode';

const YEAR_IN_DAYS = 365;

/** How a preference cookie is kept, by the app and by the server alike (a year; sent on links in). */
const attributes = (value: string | null, secure: boolean): CookieAttributes => ({
  days: value === null ? -1 : YEAR_IN_DAYS,
  secure,
  sameSite: 'Lax',
});

/** The `Set-Cookie` line that keeps a preference, for a server's answer (the same cookie the app writes). */
export function preferenceCookieLine(name: string, value: string, secure: boolean): string {
  const jar = { cookie: '' };
  writeCookie(jar, name, value, attributes(value, secure), Date.now);
  return jar.cookie;
}

/** Sets (or, for null, removes) one preference cookie when it differs from what the browser holds. */
function keep(name: string, value: string | null) {
  if (typeof document === 'undefined') return;
  try {
    if (readCookie(document, name) === value) return;
    writeCookie(document, name, value ?? '', attributes(value, location.protocol === 'https:'), Date.now);
  } catch {
    // Cookies refused: the server renders the store's default, and the app then switches.
  }
}

/** Keeps the cookies in step with the shopper's language and active pincode (undefined: unchanged). */
export function keepPreferenceCookies(preferences: { language?: string | null; pincode?: string | null }) {
  if (preferences.language !== undefined) keep(LANGUAGE_COOKIE, preferences.language);
  if (preferences.pincode !== undefined) keep(PINCODE_COOKIE, preferences.pincode);
}

/** One stored value; null when absent or storage is refused. */
function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * Before the app starts: a language or pincode the server kept in its cookie (chosen while the page had
 * no code) that the browser's storage does not hold yet is stored, so the app starts with what the
 * server rendered instead of switching back. The app writes the cookies only in step with its storage:
 * a cookie that differs from storage was written by the server.
 */
export function adoptServerPreferences(keys: { language: string; direction: string; pincode: string }) {
  if (typeof document === 'undefined') return;
  try {
    const language = readCookie(document, LANGUAGE_COOKIE);
    // Only a language the page was rendered in (the store may not offer what a cookie names).
    const rendered = language !== null && sameLanguage(language, document.documentElement.lang);
    if (language && rendered && language !== stored(keys.language)) {
      localStorage.setItem(keys.language, language);
      // The direction the server rendered the page in, for that language.
      localStorage.setItem(keys.direction, document.documentElement.dir === 'rtl' ? 'RTL' : 'LTR');
    }
    const pincode = readCookie(document, PINCODE_COOKIE);
    if (isSavablePincode(pincode) && pincode !== storedActivePincode(stored(keys.pincode)))
      localStorage.setItem(
        keys.pincode,
        writePersisted(SAVED_PINCODE_VERSION, { pincode, addressId: null } satisfies SavedPincode),
      );
  } catch {
    // Storage refused: the app reads what the server rendered from the page itself.
  }
}
