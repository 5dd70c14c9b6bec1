/** The part of `Document` the SDK needs for cookies; injectable for tests and non-browser hosts. */
export interface CookieJar {
  cookie: string;
}

/** Reads one cookie by name; `null` when absent or undecodable. */
export function readCookie(jar: CookieJar, name: string): string | null {
  for (const part of jar.cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export interface CookieAttributes {
  /** Lifetime in days; fractional days are fine. Omit for a session cookie, 0 or less to delete. */
  days?: number;
  path?: string;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax';
}

/** Writes (or, with `days <= 0`, deletes) one cookie. */
export function writeCookie(
  jar: CookieJar,
  name: string,
  value: string,
  attributes: CookieAttributes,
  now: () => number,
): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.days !== undefined) {
    parts.push(`Expires=${new Date(now() + attributes.days * 864e5).toUTCString()}`);
  }
  parts.push(`SameSite=${attributes.sameSite ?? 'Strict'}`);
  if (attributes.secure) parts.push('Secure');
  jar.cookie = parts.join('; ');
}
