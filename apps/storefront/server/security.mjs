// The storefront's response headers: a Content-Security-Policy whose scripts are the storefront's
// own files and the inline scripts of this response (by nonce), and the usual hardening headers.

/** reCAPTCHA v3 (used only by stores that turn it on): its script and its invisible frame. */
const RECAPTCHA = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
/** Google Tag Manager (only for stores that set google_analytics_tag) and where it reports. */
const TAG_MANAGER = 'https://www.googletagmanager.com';
const ANALYTICS = ['https://*.google-analytics.com', 'https://*.analytics.google.com'];

/** The http(s) origin of a URL (resolved against `base`), or null. */
export const originOf = (value, base) => {
  try {
    const url = new URL(value, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

/**
 * The headers of every answer. Scripts: the storefront's own files, the inline scripts React Router and
 * React write into this page (they carry `nonce`; no 'unsafe-inline'), reCAPTCHA's (only stores that
 * turn it on load it) and, with `tagManager` (a page of a store that sets `google_analytics_tag`, or
 * whose settings the server did not get), the tag manager's. Calls only to the storefront itself, the
 * services host, the language host and (with `tagManager`) analytics; form posts only to itself and
 * the configured payment origins. Inline styles stay allowed: the store's theme, the toaster and the
 * dialogs' scroll lock use them. Relative hosts (`/api`, `/locales`) are the storefront's own origin
 * and need no entry.
 */
export function securityHeaders(
  { servicesHost, languageHost = '/locales', paymentOrigins = [] },
  nonce,
  { tagManager = false } = {},
) {
  const base = 'http://storefront.invalid';
  const others = (...values) =>
    [...new Set(values.map((value) => originOf(value, base)).filter((o) => o && o !== base))].join(' ');
  const list = (...parts) => parts.filter(Boolean).join(' ');
  const tags = (...hosts) => (tagManager ? hosts : []);
  const directives = {
    'default-src': "'self'",
    'script-src': list("'self'", nonce ? `'nonce-${nonce}'` : '', ...RECAPTCHA, ...tags(TAG_MANAGER)),
    'style-src': "'self' 'unsafe-inline'",
    'img-src': list("'self'", 'data:', 'blob:', others(servicesHost), ...tags(TAG_MANAGER, ...ANALYTICS)),
    'font-src': "'self'",
    'connect-src': list("'self'", others(servicesHost, languageHost), ...tags(TAG_MANAGER, ...ANALYTICS)),
    'frame-src': RECAPTCHA[0],
    'form-action': list("'self'", others(...paymentOrigins)),
    'object-src': "'none'",
    'base-uri': "'none'",
    'frame-ancestors': "'none'",
    'worker-src': "'none'",
    'manifest-src': "'self'",
  };
  return {
    'Content-Security-Policy': Object.entries(directives)
      .map(([name, value]) => `${name} ${value}`)
      .join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  };
}
