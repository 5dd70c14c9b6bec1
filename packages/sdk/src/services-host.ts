import { ruleError } from './errors.ts';

/** What `servicesHost` may be: an http(s) URL, or a path on the page's own origin. */
export type ServicesHostForm =
  /** `http://localhost:4010`, `https://services.example/api`: trailing slashes dropped. */
  | { kind: 'url'; value: string }
  /** `/api` (a same-origin proxy, as the reference storefront's server has), or `/`. */
  | { kind: 'path'; value: string };

const FORMS = "give an origin like http://localhost:4010 or a path on the page's origin like /api";

/**
 * Checks a `servicesHost` and says what it is, or throws `MarketApiError` (kind `rule`, code
 * `INVALID_SERVICES_HOST`) whose message names the value given and the form expected. Accepted: an
 * absolute `http:`/`https:` URL with a host and at most a path prefix (no credentials, query or
 * fragment), or a path on the page's own origin (`/api`: one leading slash, no `.`/`..` segments, no
 * query or fragment). Surrounding blanks and trailing slashes are dropped.
 */
export function checkServicesHost(servicesHost: string): ServicesHostForm {
  const given = typeof servicesHost === 'string' ? servicesHost.trim() : '';
  const refuse = (problem: string, advice = FORMS): never => {
    throw ruleError(
      'INVALID_SERVICES_HOST',
      `servicesHost ${JSON.stringify(servicesHost)} ${problem}; ${advice}`,
      { servicesHost },
    );
  };
  if (!given) refuse('is empty');
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f\\]/.test(given)) refuse('holds a blank, a control character or a backslash');
  const bare = given.replace(/[?#].*$/s, '').replace(/\/+$/, '');
  if (bare !== given.replace(/\/+$/, ''))
    refuse('has a query or a fragment', `give the origin and path alone, like ${bare || '/api'}`);

  if (/^\/(?!\/)/.test(bare) || given === '/') {
    const path = bare || '/';
    const read = new URL(path, 'http://page.invalid').pathname;
    if (read !== path) refuse(`is not a plain path (a URL reads it as ${read})`);
    return { kind: 'path', value: path };
  }
  const scheme = /^([a-z][a-z\d+.-]*):(?!\d)/i.exec(bare)?.[1]?.toLowerCase();
  // `localhost:4600`, `shop.example/api`, `//shop.example`, `api`: a host (or a path) without a scheme.
  if (!scheme)
    refuse(
      'has no scheme',
      `give an origin like http${bare.startsWith('//') ? 's:' : '://'}${bare}` +
        (/[.:]/.test(bare) ? '' : ` or a path on the page's origin like /${bare}`),
    );
  if (scheme !== 'http' && scheme !== 'https')
    refuse(`uses the scheme ${scheme}:`, 'give an http: or https: URL like http://localhost:4010');
  const url = /^https?:\/\/[^/]/i.test(bare) && URL.canParse(bare) ? new URL(bare) : null;
  if (!url) return refuse('has no host', FORMS);
  const value = `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  if (url.username || url.password) refuse('carries credentials', `give the URL without them, like ${value}`);
  return { kind: 'url', value };
}
