/** Stands for the page's origin while a same-origin services host (`/api`) resolves asset paths. */
const PAGE = 'http://page.invalid';

/** Whether a services host is a path on the page's own origin (`/api`), not a URL. */
export const isServicesPath = (servicesHost: string) =>
  servicesHost.startsWith('/') && !servicesHost.startsWith('//') && !servicesHost.includes('\\');

/**
 * The entries of a comma-separated list of asset paths, as the contract gives `product_image`
 * (`assets/p/12.jpg,assets/p/12-side.jpg`, the first being the main image): each entry trimmed,
 * empty entries dropped, order kept. An array (a product's `images`) is taken entry by entry, each
 * split the same way. Nothing is checked or resolved here: {@link resolveAssetUrl} and
 * `client.imageUrls()` do that. A comma always separates entries; a URL holding one must encode it
 * (`%2C`).
 *
 * @example
 * splitAssetList(' a.jpg, ,b.jpg,') // → ['a.jpg', 'b.jpg']
 */
export function splitAssetList(value: string | readonly string[] | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  const entries = typeof value === 'string' ? [value] : value;
  const list: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'string') continue;
    for (const part of entry.split(',')) {
      const path = part.trim();
      if (path) list.push(path);
    }
  }
  return list;
}

/** A scheme other than http(s) (`data:`, `javascript:`, `blob:`…) at the start of a value. */
const OTHER_SCHEME = /^(?!https?:)[a-z][a-z\d+.-]*:/i;

/**
 * The entries of an asset value to resolve: none when the value starts with a scheme other than
 * http(s), since such a value is one URL whose commas are its own (`data:text/html,<script>…`), never
 * a list whose later entries could be taken for paths.
 */
function entriesOf(value: string | readonly string[] | null | undefined): string[] {
  const values = value === null || value === undefined ? [] : typeof value === 'string' ? [value] : value;
  return values.flatMap((one) =>
    typeof one === 'string' && !OTHER_SCHEME.test(one.trim()) ? splitAssetList(one) : [],
  );
}

/** One asset path → URL on the services host, or `null` when it is unsafe or unreadable. */
function resolveOne(servicesHost: string, value: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  // Characters no asset path holds and a URL cannot carry as they are: a fragment of markup.
  if (/[<>"`{}]/.test(value)) return null;
  // `//host/…` reads as a path but names another host (a path joined twice gives one): never followed.
  if (value.startsWith('//')) return null;
  const host = isServicesPath(servicesHost) ? `${PAGE}${servicesHost}` : servicesHost;
  const base = new URL(host.endsWith('/') ? host : `${host}/`);
  let url: URL;
  try {
    url = /^[a-z][a-z\d+.-]*:/i.test(value) ? new URL(value, base) : new URL(value.replace(/^\/+/, ''), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === PAGE ? `${url.pathname}${url.search}${url.hash}` : url.href;
}

/**
 * Every usable entry of an asset value (one path, a comma-separated list such as `product_image`, or
 * an array such as `images`) as a URL on the services host, in order; unsafe entries are left out.
 * See {@link resolveAssetUrl} for what is usable.
 */
export function resolveAssetUrls(
  servicesHost: string,
  value: string | readonly string[] | null | undefined,
): string[] {
  const urls: string[] = [];
  for (const path of entriesOf(value)) {
    const url = resolveOne(servicesHost, path);
    if (url !== null) urls.push(url);
  }
  return urls;
}

/**
 * Resolves an asset path from the services host (`/assets/p/12.webp`, `assets/logo.svg`) to a URL on
 * that host. Absolute http(s) URLs pass through; anything else (`javascript:`, `data:`, `//other.host`,
 * a backslash, a control character or markup, empty) gives `null`, so callers show a placeholder. A
 * comma-separated list (`product_image`) is never passed through whole: its first usable entry is
 * resolved. With a services host given as a path (`/api`), assets on it stay paths
 * (`/api/assets/p/12.webp`): the same wherever they are written (a server rendering the page, the
 * browser).
 */
export function resolveAssetUrl(servicesHost: string, path: string | null | undefined): string | null {
  for (const entry of entriesOf(path)) {
    const url = resolveOne(servicesHost, entry);
    if (url !== null) return url;
  }
  return null;
}

/** An origin as `new URL()` writes it, or `null` for a value that is no URL. */
function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * The usable entries of an asset value, as `client.imageUrls()` gives them, keeping only URLs on the
 * services host itself (paths on the page's origin, for a host given as a path) or on one of
 * `origins`: what a page whose Content-Security-Policy lets images come from its own origin and the
 * services host (as the reference storefront's does) can show. An absolute URL to any other host is
 * left out, as unsafe entries are.
 *
 * @example
 * resolveHostAssetUrls('https://services.test', 'a.jpg,https://elsewhere.test/b.jpg')
 * // → ['https://services.test/a.jpg']
 */
export function resolveHostAssetUrls(
  servicesHost: string,
  value: string | readonly string[] | null | undefined,
  origins: readonly string[] = [],
): string[] {
  const allowed = new Set(origins.map(originOf).filter((origin): origin is string => origin !== null));
  if (!isServicesPath(servicesHost)) {
    const host = originOf(servicesHost);
    if (host !== null) allowed.add(host);
  }
  return resolveAssetUrls(servicesHost, value).filter((url) => {
    if (url.startsWith('/')) return true;
    const origin = originOf(url);
    return origin !== null && allowed.has(origin);
  });
}
