import { describe, expect, it } from 'vitest';
import {
  createMarketClient,
  createMemoryTokenStore,
  isMarketApiError,
  MarketApiError,
  resolveAssetUrl,
} from '../src/index.ts';
import { createFakeHost } from './fake-host.ts';

const make = (servicesHost: string, origin?: string | null) =>
  createMarketClient({
    servicesHost,
    store: 'demo',
    tokens: createMemoryTokenStore(),
    ...(origin === undefined ? {} : { origin }),
    cookies: null,
    locks: null,
  });

/** The error `createMarketClient` threw for a services host, or null when it took it. */
function refusal(servicesHost: string): MarketApiError | null {
  try {
    make(servicesHost, 'http://shop.test');
    return null;
  } catch (error) {
    if (error instanceof MarketApiError) return error;
    throw error;
  }
}

describe('servicesHost is checked when the client is made', () => {
  it.each([
    ['http://localhost:4010', 'http://localhost:4010'],
    ['https://services.example', 'https://services.example'],
    ['  https://services.example/  ', 'https://services.example'],
    ['https://services.example/api/', 'https://services.example/api'],
    ['HTTPS://Services.Example:8443/api', 'https://services.example:8443/api'],
    ['http://127.0.0.1:4010', 'http://127.0.0.1:4010'],
    ['http://[::1]:4010', 'http://[::1]:4010'],
    ['/api', 'http://shop.test/api'],
    ['/api/', 'http://shop.test/api'],
    ['/services/v3', 'http://shop.test/services/v3'],
    ['/', 'http://shop.test'],
  ])('takes %j (calls go to %s)', (given, absolute) => {
    expect(make(given, 'http://shop.test').servicesHost).toBe(absolute);
  });

  it.each([
    ['localhost:4600', `"localhost:4600" has no scheme; give an origin like http://localhost:4600`],
    ['127.0.0.1:4010/api', 'has no scheme; give an origin like http://127.0.0.1:4010/api'],
    ['services.example.com', 'has no scheme; give an origin like http://services.example.com'],
    ['api', "has no scheme; give an origin like http://api or a path on the page's origin like /api"],
    ['//evil.example/api', 'has no scheme; give an origin like https://evil.example/api'],
    ['ftp://files.example', 'uses the scheme ftp:; give an http: or https: URL'],
    ['javascript:alert(1)', 'uses the scheme javascript:'],
    ['file:///srv/api', 'uses the scheme file:'],
    ['http:localhost:4010', 'has no host'],
    ['https://', 'has no host'],
    [
      'http://x.test/api?store=demo',
      'has a query or a fragment; give the origin and path alone, like http://x.test/api',
    ],
    ['http://x.test/#top', 'has a query or a fragment; give the origin and path alone, like http://x.test'],
    ['http://x.test?', 'has a query or a fragment'],
    ['/api?store=demo', 'has a query or a fragment; give the origin and path alone, like /api'],
    ['/api#x', 'has a query or a fragment'],
    ['https://user:secret@x.test', 'carries credentials; give the URL without them, like https://x.test'],
    ['/api/../admin', 'is not a plain path (a URL reads it as /admin)'],
    ['/%2e%2e/admin', 'is not a plain path'],
    ['/a\\b', 'holds a blank, a control character or a backslash'],
    ['http://x.test/a b', 'holds a blank'],
    ['http://x.test/\u0000', 'holds a blank, a control character'],
    ['', "is empty; give an origin like http://localhost:4010 or a path on the page's origin like /api"],
    ['   ', 'is empty'],
  ])('refuses %j: INVALID_SERVICES_HOST, saying what was given and what is expected', (given, says) => {
    const error = refusal(given);
    expect(error).not.toBeNull();
    expect(error).toMatchObject({
      kind: 'rule',
      code: 'INVALID_SERVICES_HOST',
      status: 0,
      details: { servicesHost: given },
    });
    expect(error?.message).toContain(`servicesHost ${JSON.stringify(given)} `);
    expect(error?.message).toContain(says);
    expect(error?.responseMessage).toBe('');
    expect(error?.message).toMatch(/^INVALID_SERVICES_HOST: servicesHost /);
  });

  it('takes a path on the page origin: calls go there, with the same rules as an absolute host', async () => {
    const host = createFakeHost();
    const client = createMarketClient({
      servicesHost: '/api',
      origin: host.origin,
      store: 'demo',
      tokens: createMemoryTokenStore(),
      fetch: host.fetch,
      cookies: null,
      locks: null,
      getLanguage: () => 'fr',
    });
    expect(client.servicesHost).toBe(`${host.origin}/api`);
    await client.GET('/pbs/rest/v3/languages');
    const sent = host.requests.at(-1);
    expect(String(sent?.url)).toBe(`${host.origin}/api/pbs/rest/v3/languages?language-code=fr`);
    expect(sent?.headers.get('realmname')).toBe('demo-customer');
  });

  it('keeps asset URLs of a path host as paths, wherever the client was made', () => {
    for (const origin of ['http://a.test', 'https://b.test:8443', null]) {
      const client = make('/api', origin);
      expect(client.assetUrl('/assets/p/1.webp')).toBe('/api/assets/p/1.webp');
      expect(client.assetUrl('assets/logo.svg?v=2')).toBe('/api/assets/logo.svg?v=2');
      expect(client.assetUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
      expect(client.assetUrl('javascript:alert(1)')).toBeNull();
    }
    expect(resolveAssetUrl('http://h.test/api', '/assets/x.png')).toBe('http://h.test/api/assets/x.png');
  });

  it.each([null, 'null', 'not a url'])(
    'a path host with no page (origin %j) to resolve it against fails each call with INVALID_SERVICES_HOST, not at creation',
    async (origin) => {
      const client = make('/api', origin);
      const outcome = await client.GET('/pbs/rest/v3/languages').catch((error: unknown) => error);
      expect(isMarketApiError(outcome)).toBe(true);
      expect(outcome).toMatchObject({ kind: 'rule', code: 'INVALID_SERVICES_HOST' });
      expect((outcome as MarketApiError).message).toMatch(
        /servicesHost "\/api" is a path and no page origin is known .* give `origin`/,
      );
    },
  );
});
