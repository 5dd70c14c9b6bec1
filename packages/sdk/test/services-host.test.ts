import { describe, expect, it } from 'vitest';
import {
  createMarketClient,
  createMemoryTokenStore,
  isMarketApiError,
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

describe('servicesHost', () => {
  it.each(['localhost:4010', 'ftp://files.example', 'javascript:alert(1)', '//evil.example/api', 'api', ''])(
    'refuses %j when the client is made, naming the value',
    (host) => {
      expect(() => make(host, 'http://shop.test')).toThrow(
        /servicesHost must be an http\(s\) URL or a path such as \/api/,
      );
    },
  );

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

  it('a path host with no page to resolve it against fails each call with the reason, not at creation', async () => {
    const client = make('/api', null);
    const outcome = await client.GET('/pbs/rest/v3/languages').catch((error: unknown) => error);
    expect(isMarketApiError(outcome)).toBe(true);
    expect(String((outcome as Error).cause)).toMatch(/is a path: give `origin` outside a browser/);
  });
});
