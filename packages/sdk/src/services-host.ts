import { ruleError } from './errors.ts';

/** What `servicesHost` may be: an http(s) URL, or a path on the page's own origin. */
export type ServicesHostForm =
  /** `http://localhost:4010`, `https://services.example/api`: trailing slashes dropped. */
  | { kind: 'url'; value: string }
  /** `/api` (a same-origin proxy, as the reference storefront's server has), or `/`. */
  | { kind: 'path'; value: string };

const EXAMPLE = 'http://localhost:4010';

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const UNSAFE = /[\u0000-\u0020\u007f\\]/;

/** `host:port`, `host.name`, `host.name/path`: a host written without its scheme. */
const SCHEMELESS_HOST = /^[a-z\d][a-z\d.-]*(:\d+)?(\/|$)/i;

/**
 * Checks a `servicesHost` and says what it is, or throws `MarketApiError` (kind `rule`, code
 * `INVALID_SERVICES_HOST`) whose message names the value given and the form expected. Accepted: an
 * absolute `http:`/`https:` URL with a host and at most a path prefix (no credentials, query or
 * fragment), or a path on the page's own origin (`/api`: one leading slash, no `.`/`..` segments, no
 * query or fragment). Surrounding blanks and trailing slashes are dropped.
 */
export function checkServicesHost(servicesHost: string): ServicesHostForm {
  const given = typeof servicesHost === 'string' ? servicesHost.trim() : '';
  const refuse = (problem: string, advice: string): never => {
    throw ruleError(
      'INVALID_SERVICES_HOST',
      `servicesHost ${JSON.stringify(servicesHost)} ${problem}; ${advice}`,
      { servicesHost },
    );
  };
  if (given === '')
    refuse('is empty', `give an origin like ${EXAMPLE} or a path on the page's origin like /api`);
  if (UNSAFE.test(given)) refuse('holds a blank, a control character or a backslash', 'remove it');

  if (given.startsWith('//')) refuse('has no scheme', `give an origin like https:${given}`);
  if (given.startsWith('/')) {
    if (/[?#]/.test(given)) refuse('has a query or a fragment', 'give the path alone, like /api');
    const path = given.replace(/\/+$/, '') || '/';
    const read = new URL(path, 'http://page.invalid').pathname;
    if (read !== path)
      refuse(`is not a plain path (a URL reads it as ${read})`, 'give the path as it is sent, like /api');
    return { kind: 'path', value: path };
  }

  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(given)?.[1]?.toLowerCase();
  if (!scheme || (SCHEMELESS_HOST.test(given) && !/^[a-z][a-z\d+.-]*:\/\//i.test(given))) {
    // `localhost:4600`, `shop.example`, `127.0.0.1:4010/api`: a host; `api`: a host or a path.
    const host = given.replace(/\/.*$/, '');
    refuse(
      'has no scheme',
      /^(localhost|[a-z\d-]+(\.[a-z\d-]+)+)(:\d+)?$|^[a-z\d.-]+:\d+$/i.test(host)
        ? `give an origin like http://${given}`
        : `give an origin like http://${given} or a path on the page's origin like /${given}`,
    );
  }
  if (scheme !== 'http' && scheme !== 'https')
    refuse(`uses the scheme ${scheme}:`, `give an http: or https: URL like ${EXAMPLE}`);
  if (!/^https?:\/\/[^/]/i.test(given)) refuse('has no host', `give an origin like ${EXAMPLE}`);

  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return refuse('is not a valid URL', `give an origin like ${EXAMPLE}`);
  }
  const bare = `${url.protocol}//${url.host}${url.pathname}`.replace(/\/+$/, '');
  if (url.username || url.password) refuse('carries credentials', `give the URL without them, like ${bare}`);
  if (/[?#]/.test(given)) refuse('has a query or a fragment', `give the origin and path alone, like ${bare}`);
  return { kind: 'url', value: bare };
}
