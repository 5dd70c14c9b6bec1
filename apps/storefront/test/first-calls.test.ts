import { STORAGE_KEYS } from '@marketkit/hooks';
import { writePersisted } from '@marketkit/hooks/core';
import { prefetchStore } from '@marketkit/hooks/prefetch';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyOrFetch, GLOBAL_KEY, samePath, storeCallUrls, textUrls } from '../src/early/first-calls.ts';
import { createBrowserI18n } from '../src/i18n/client.ts';
import { SHELL_NAMESPACES } from '../src/i18n/namespaces.ts';

// The early script's calls are taken by URL: a URL it builds differently from the SDK's or i18next's
// is asked twice. These tables keep the two in step.

const HOST = 'http://services.test';

describe('the early store calls are the SDK’s own (URL and headers)', () => {
  it.each([
    { store: 'demo', storeId: null, language: null, pincode: null, servicesHost: HOST },
    { store: 'demo', storeId: 14, language: 'fr', pincode: '2001', servicesHost: HOST },
    { store: 'souq', storeId: 21, language: 'ar', pincode: 'allProducts', servicesHost: `${HOST}/api/` },
    { store: 'my-shop', storeId: null, language: 'en_US', pincode: '560001', servicesHost: `${HOST}/api` },
  ])('$store, store id $storeId, language $language, pincode $pincode, host $servicesHost', async (input) => {
    const saved = new Map<string, string>();
    if (input.language) saved.set(STORAGE_KEYS.language, input.language);
    if (input.pincode)
      saved.set(STORAGE_KEYS.pincode, writePersisted(1, { pincode: input.pincode, addressId: null }));
    const sent: Request[] = [];
    const prefetched = prefetchStore({
      servicesHost: input.servicesHost,
      store: input.store,
      storeId: input.storeId,
      storage: { getItem: (key) => saved.get(key) ?? null },
      // The services host, answering every call with an empty envelope.
      fetch: async (request) => {
        sent.push(request);
        return Response.json({ response_message: 'ok', response_body: {} });
      },
    });
    await Promise.allSettled([prefetched.validation, prefetched.settings?.result, prefetched.languages]);
    const early = storeCallUrls({ ...input, base: 'http://demo.localhost/' });
    expect(early).toEqual(sent.map((request) => request.url));
    for (const request of sent) {
      expect(request.headers.get('Accept')).toBe('application/json');
      expect(request.headers.get('realmname')).toBe(`${input.store}-customer`);
    }
  });

  it('resolves a services host given as a path against the page', () => {
    const [validation] = storeCallUrls({
      servicesHost: '/api',
      store: 'demo',
      storeId: null,
      language: null,
      pincode: null,
      base: 'http://demo.localhost:4300/productListing?page=2',
    });
    expect(validation).toBe(
      'http://demo.localhost:4300/api/ums/rest/v3/validate-store?store-realmname=demo-customer',
    );
  });
});

describe('the early text files are the ones i18next asks for', () => {
  it.each([
    ['fr', [...SHELL_NAMESPACES, 'product_listing']],
    ['ar', [...SHELL_NAMESPACES, 'product_details', 'cart']],
    ['en_US', [...SHELL_NAMESPACES, 'home']],
  ])('%s: %j, the English ones in the page', async (language, namespaces) => {
    const asked: string[] = [];
    const english = Object.fromEntries(namespaces.map((namespace) => [namespace, {}]));
    const i18n = createBrowserI18n({
      host: '/locales/',
      language,
      resources: { en: english },
      fetch: async (url: string) => {
        asked.push(url);
        return new Response('{}', { status: 200 });
      },
    });
    await i18n.loadNamespaces(namespaces);
    expect([...asked].sort()).toEqual([...textUrls('/locales/', language, namespaces)].sort());
  });
});

describe('a page rendered for a path serves that path only', () => {
  it.each([
    ['/productListing', '/productListing', true],
    ['/productListing', '/productlisting/', true],
    ['/', '/', true],
    ['/', '', true],
    ['/', '/cart', false],
    ['/ProductDetails', '/productListing', false],
  ])('rendered for %s, asked %s: %s', (rendered, asked, same) => {
    expect(samePath(rendered, asked)).toBe(same);
  });
});

describe('the app takes an early answer once, and never waits past its own time limit', () => {
  const URL_ASKED = 'http://services.test/pbs/rest/v3/languages?language-code=en&page_number=-1';
  /** The page's own network: every call it makes itself is answered at once, and counted. */
  function pageNetwork(early: Promise<Response>) {
    const own: string[] = [];
    vi.stubGlobal('location', new URL('http://demo.localhost/'));
    vi.stubGlobal('fetch', async (input: string | Request) => {
      own.push(typeof input === 'string' ? input : input.url);
      return new Response('own');
    });
    vi.stubGlobal(GLOBAL_KEY, { answers: new Map([[URL_ASKED, early]]) });
    return own;
  }
  afterEach(() => vi.unstubAllGlobals());

  it('the early answer first, then the page asks itself', async () => {
    const own = pageNetwork(Promise.resolve(new Response('early')));
    expect(await (await earlyOrFetch(new Request(URL_ASKED))).text()).toBe('early');
    expect(await (await earlyOrFetch(new Request(URL_ASKED))).text()).toBe('own');
    expect(own).toEqual([URL_ASKED]);
  });

  it('a failed early call is asked again', async () => {
    const own = pageNetwork(Promise.reject(new TypeError('Failed to fetch')));
    expect(await (await earlyOrFetch(URL_ASKED)).text()).toBe('own');
    expect(own).toEqual([URL_ASKED]);
  });

  it('an early call that never answers ends with the caller’s signal', async () => {
    pageNetwork(new Promise<Response>(() => {}));
    const limit = new AbortController();
    const answer = earlyOrFetch(new Request(URL_ASKED, { signal: limit.signal }));
    limit.abort(new DOMException('The call took too long', 'TimeoutError'));
    await expect(answer).rejects.toThrow('The call took too long');
  });
});
