import { readCookie, writeCookie } from '@marketkit/sdk';

/**
 * The shopper's language and delivery pincode live in the browser's storage (`ln`, `pincode`); the
 * storefront's server cannot read that, so the app keeps these two cookies in step with them and the
 * server renders the page in that language, with lists for that pincode.
 */
export const LANGUAGE_COOKIE = 'mk_ln';
export const PINCODE_COOKIE = 'mk_pincode';

const YEAR_IN_DAYS = 365;

/** Sets (or, for null, removes) one preference cookie when it differs from what the browser holds. */
function keep(name: string, value: string | null) {
  if (typeof document === 'undefined') return;
  try {
    if (readCookie(document, name) === value) return;
    writeCookie(
      document,
      name,
      value ?? '',
      { days: value === null ? -1 : YEAR_IN_DAYS, secure: location.protocol === 'https:', sameSite: 'Lax' },
      Date.now,
    );
  } catch {
    // Cookies refused: the server renders the store's default, and the app then switches.
  }
}

/** Keeps the cookies in step with the shopper's language and active pincode (undefined: unchanged). */
export function keepPreferenceCookies(preferences: { language?: string | null; pincode?: string | null }) {
  if (preferences.language !== undefined) keep(LANGUAGE_COOKIE, preferences.language);
  if (preferences.pincode !== undefined) keep(PINCODE_COOKIE, preferences.pincode);
}
