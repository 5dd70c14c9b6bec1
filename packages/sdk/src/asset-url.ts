/**
 * Resolves an asset path from the services host (`/assets/p/12.webp`, `assets/logo.svg`) to a URL on
 * that host. Absolute http(s) URLs pass through; anything else (`javascript:`, `data:`, empty) gives
 * `null`, so callers show a placeholder instead.
 */
export function resolveAssetUrl(servicesHost: string, path: string | null | undefined): string | null {
  const value = path?.trim();
  if (!value) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const base = new URL(servicesHost.endsWith('/') ? servicesHost : `${servicesHost}/`);
  let url: URL;
  try {
    url =
      /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')
        ? new URL(value, base)
        : new URL(value.replace(/^\/+/, ''), base);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
}
