/**
 * Return paths after sign-in must stay on this site. Checked when remembered and again when used
 * (FIELD-NOTES: `/\evil`, encoded slashes and control characters bypass naive checks).
 */
export function safeReturnPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  // Control characters, backslashes (browsers read them as slashes) and their encodings.
  if (/[\u0000-\u001f\u007f\\]/.test(value) || /%(5c|00|0[9ad]|2f%2f)/i.test(value)) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (decoded.startsWith('//') || /[\u0000-\u001f\u007f\\]/.test(decoded)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after sign-in: the remembered path when it is still safe, else `/`. */
export const returnPathOrHome = (value: unknown, origin: string) => safeReturnPath(value, origin) ?? '/';

/** The path to remember for a location (origin, path and query), or undefined when it is not ours. */
export function rememberLocation(
  location: { origin: string; pathname: string; search: string; hash?: string },
  origin: string,
): string | undefined {
  if (location.origin !== origin) return undefined;
  return safeReturnPath(`${location.pathname}${location.search}${location.hash ?? ''}`, origin);
}
