/** The part of `Document` the SDK needs for cookies; injectable for tests and non-browser hosts. */
export interface CookieJar {
  cookie: string;
}

/** Reads one cookie by name (a plain token name such as `XSRF-TOKEN`); `null` when absent or undecodable. */
export function readCookie(jar: CookieJar, name: string): string | null {
  return cookieIn(jar.cookie, name);
}

/** One cookie of a `document.cookie` string read once (reading `document.cookie` is not free). */
export function cookieIn(cookies: string, name: string): string | null {
  return decodeCookieValue(new RegExp(`(?:^|;)\\s*${name}=([^;]*)`).exec(cookies)?.[1]);
}

/** A raw cookie value as this module wrote it → the value; `null` when absent, empty or undecodable. */
export function decodeCookieValue(raw: string | undefined): string | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

export interface CookieAttributes {
  /** Lifetime in days; fractional days are fine. Omit for a session cookie, 0 or less to delete. */
  days?: number;
  /** Adds `Secure` (https only). */
  secure?: boolean;
  /** `Strict` (the default: session tokens) or `Lax` (a preference a page from another site may use). */
  sameSite?: 'Strict' | 'Lax';
}

/** Writes (or, with `days <= 0`, deletes) one cookie, always `Path=/`, `SameSite=Strict` unless given. */
export function writeCookie(
  jar: CookieJar,
  name: string,
  value: string,
  { days, secure, sameSite = 'Strict' }: CookieAttributes,
  now: () => number,
): void {
  const expires = days === undefined ? '' : `; Expires=${new Date(now() + days * 864e5).toUTCString()}`;
  jar.cookie = `${name}=${encodeURIComponent(value)}; Path=/${expires}; SameSite=${sameSite}${secure ? '; Secure' : ''}`;
}
