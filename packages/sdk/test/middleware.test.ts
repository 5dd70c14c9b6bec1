import { describe, expect, it } from 'vitest';
import { type createMarketClient, createMemoryTokenStore, type RequestMiddleware } from '../src/index.ts';
import { createCookieJar, createFakeHost, createTestClient } from './fake-host.ts';

function setup(options: Partial<Parameters<typeof createMarketClient>[0]> = {}) {
  const host = createFakeHost();
  const tokens = createMemoryTokenStore();
  const client = createTestClient(host, { tokens, ...options });
  const last = () => {
    const request = host.requests.at(-1);
    if (!request) throw new Error('no request was sent');
    return request;
  };
  return { host, tokens, client, last };
}

describe('request middleware', () => {
  it('sends Accept: application/json on every request', async () => {
    const { client, last } = setup();
    await client.GET('/pbs/rest/v3/languages');
    expect(last().headers.get('Accept')).toBe('application/json');
  });

  it.each([
    ['/pbs/rest/v3/languages', 'demo-customer'],
    ['/ums/rest/v3/validate-store', 'demo-customer'],
    ['/cfs/rest/v3/ai-configuration', null],
    ['/ofs/rest/v3/orders', null],
    ['/sos/rest/v3/slots', null],
  ] as const)('a guest calling %s sends realmname %s', async (path, realm) => {
    const { client, last } = setup();
    await client.request('get', path as '/pbs/rest/v3/languages');
    expect(last().headers.get('realmname')).toBe(realm);
    expect(last().headers.has('Authorization')).toBe(false);
  });

  it('a signed-in shopper sends the bearer token and no realmname, on every service', async () => {
    const { client, host, tokens, last } = setup();
    tokens.set(host.grant());
    await client.GET('/pbs/rest/v3/languages');
    expect(last().headers.get('Authorization')).toBe('Bearer access-1');
    expect(last().headers.has('realmname')).toBe(false);
    await client.GET('/cfs/rest/v3/customer-cart');
    expect(last().headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('uses a configured realm instead of {store}-customer', async () => {
    const { client, last } = setup({ realm: 'acme-shoppers' });
    await client.GET('/pbs/rest/v3/languages');
    expect(last().headers.get('realmname')).toBe('acme-shoppers');
  });

  it('adds language-code from the current language unless the call sets it', async () => {
    let language = 'fr';
    const { client, last } = setup({ getLanguage: () => language });
    await client.GET('/cfs/rest/v3/customer-cart');
    expect(last().url.searchParams.get('language-code')).toBe('fr');
    language = 'ar';
    await client.GET('/pbs/rest/v3/languages', { params: { query: { 'language-code': 'en' } } });
    expect(last().url.searchParams.getAll('language-code')).toEqual(['en']);
  });

  it.each([
    ['560001', '560001'],
    ['allProducts', null],
    ['', null],
    [null, null],
  ] as const)('saved pincode %s → pin-code %s', async (saved, sent) => {
    const { client, last } = setup({ getPincode: () => saved });
    await client.GET('/pbs/rest/v3/products');
    expect(last().url.searchParams.get('pin-code')).toBe(sent);
  });

  it('sends X-XSRF-TOKEN from the XSRF-TOKEN cookie on same-origin requests only', async () => {
    const cookies = createCookieJar();
    cookies.cookie = 'XSRF-TOKEN=abc%20123; Path=/';
    const same = setup({ origin: 'https://services.test', cookies });
    await same.client.GET('/pbs/rest/v3/languages');
    expect(same.last().headers.get('X-XSRF-TOKEN')).toBe('abc 123');

    const cross = setup({ origin: 'https://shop.test', cookies });
    await cross.client.GET('/pbs/rest/v3/languages', { headers: { 'X-XSRF-TOKEN': 'forced' } });
    expect(cross.last().headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('runs extra middleware after the built-in chain, in order', async () => {
    const order: string[] = [];
    const first: RequestMiddleware = (draft) => {
      order.push(`first:${draft.headers.get('Accept')}`);
      draft.headers.set('x-trace', 'one');
    };
    const second: RequestMiddleware = (draft) => {
      order.push(`second:${draft.headers.get('x-trace')}`);
    };
    const { client, last } = setup({ middleware: [first, second] });
    await client.GET('/pbs/rest/v3/languages');
    expect(order).toEqual(['first:application/json', 'second:one']);
    expect(last().headers.get('x-trace')).toBe('one');
  });

  it('never sends the bearer token, realm, language or pincode to another origin', async () => {
    const { client, host, tokens, last } = setup({ getLanguage: () => 'fr', getPincode: () => '560001' });
    tokens.set(host.grant());
    await client.GET('/pbs/rest/v3/languages', { baseUrl: 'https://elsewhere.test' });
    expect(last().url.origin).toBe('https://elsewhere.test');
    expect(last().headers.has('Authorization')).toBe(false);
    expect(last().headers.has('realmname')).toBe(false);
    expect([...last().url.searchParams.keys()]).toEqual([]);
  });

  it("adds its parameters without re-encoding the call's own query", async () => {
    const { client, last } = setup({ getLanguage: () => 'en' });
    await client.GET('/pbs/rest/v3/products', { params: { query: { search: "kid's tee (red)" } } });
    const search = last().url.search;
    expect(search.endsWith('&language-code=en')).toBe(true);
    expect(last().url.searchParams.get('search')).toBe("kid's tee (red)");
  });

  it('works on a page with an opaque origin ("null") and sends no XSRF header there', async () => {
    const cookies = createCookieJar();
    cookies.cookie = 'XSRF-TOKEN=abc; Path=/';
    const { client, last } = setup({ origin: 'null', cookies });
    await client.GET('/pbs/rest/v3/languages');
    expect(last().headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});
