/** Stands for the page's origin while a same-origin services host (`/api`) resolves asset paths. */
const PAGE = 'http://page.invalid';

/** Whether a services host is a path on the page's own origin (`/api`), not a URL. */
export const isServicesPath = (servicesHost: string) =>
  servicesHost.startsWith('/') && !servicesHost.startsWith('//') && !servicesHost.includes('\\');

/**
 * Resolves an asset path from the services host (`/assets/p/12.webp`, `assets/logo.svg`) to a URL on
 * that host. Absolute http(s) URLs pass through; anything else (`javascript:`, `data:`, empty) gives
 * `null`, so callers show a placeholder instead. With a services host given as a path (`/api`), assets
 * on it stay paths (`/api/assets/p/12.webp`): the same wherever they are written (a server rendering
 * the page, the browser).
 */
export function resolveAssetUrl(servicesHost: string, path: string | null | undefined): string | null {
  const value = path?.trim();
  if (!value) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const host = isServicesPath(servicesHost) ? `${PAGE}${servicesHost}` : servicesHost;
  const base = new URL(host.endsWith('/') ? host : `${host}/`);
  let url: URL;
  try {
    url =
      /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')
        ? new URL(value, base)
        : new URL(value.replace(/^\/+/, ''), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url.origin === PAGE ? `${url.pathname}${url.search}${url.hash}` : url.href;
}
