/** Control characters and backslashes (browsers read `\` as `/`). */
function unsafeCharacter(text: string) {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

/**
 * Return paths after sign-in must stay on this site. Checked when remembered and again when used
 * (FIELD-NOTES: `/\evil`, encoded slashes and control characters bypass naive checks).
 */
export function safeReturnPath(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return undefined;
  // Control characters, backslashes (browsers read them as slashes) and their encodings.
  if (unsafeCharacter(value) || /%(5c|00|0[9ad]|2f%2f)/i.test(value)) return undefined;
  if (!value.startsWith('/') || value.startsWith('//')) return undefined;
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (decoded.startsWith('//') || unsafeCharacter(decoded)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  // Dot segments collapse during parsing (`/.//evil`, `/..//evil` → `//evil`): check the result too.
  if (url.pathname.startsWith('//') || unsafeCharacter(url.pathname)) return undefined;
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

/** What a route guard does (spec §2): render the screen, or send the visitor to sign-in or home. */
export function routeAccess(
  access: 'all' | 'guest' | 'signed-in',
  signedIn: boolean,
): 'render' | 'sign-in' | 'home' {
  if (access === 'signed-in' && !signedIn) return 'sign-in';
  if (access === 'guest' && signedIn) return 'home';
  return 'render';
}
