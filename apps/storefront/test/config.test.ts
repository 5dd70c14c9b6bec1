import { afterEach, describe, expect, it, vi } from 'vitest';
import { INLINE_CONFIG_ID, loadConfig, parseConfig, storeFromHost } from '../src/app/config.ts';

describe('runtime configuration', () => {
  it.each([
    ['demo.localhost', 'demo'],
    ['SOUQ.localhost', 'souq'],
    ['shop.example.com', 'shop'],
    ['localhost', 'fallback'],
    ['127.0.0.1', 'fallback'],
    ['[::1]', 'fallback'],
    ['bad_label.example.com', 'fallback'],
  ])('takes the store of %s as %s', (host, store) => {
    expect(storeFromHost(host, { store: null, defaultStore: 'fallback' })).toBe(store);
  });

  it('uses a fixed store from configuration whatever the host', () => {
    expect(storeFromHost('demo.localhost', { store: 'souq', defaultStore: 'demo' })).toBe('souq');
  });

  it.each([
    [null, 'http://127.0.0.1:4010', {}],
    [[1, 2], 'http://127.0.0.1:4010', {}],
    [{ servicesHost: 42, storeIds: 'x' }, 'http://127.0.0.1:4010', {}],
    [
      { servicesHost: 'https://api.example', storeIds: { demo: 14, bad: -1, half: 1.5, text: '3' } },
      'https://api.example',
      { demo: 14 },
    ],
    [{ servicesHost: '/api' }, 'http://demo.localhost:4173/api', {}],
    [{ servicesHost: 'javascript:alert(1)' }, 'http://127.0.0.1:4010', {}],
    [{ servicesHost: 'https://api.example/v1/' }, 'https://api.example/v1', {}],
  ])('reads %j keeping only well-typed settings', (input, servicesHost, storeIds) => {
    const config = parseConfig(input, 'http://demo.localhost:4173');
    expect(config.servicesHost).toBe(servicesHost);
    expect(config.storeIds).toEqual(storeIds);
    expect(config.languageHost).toBe('/locales');
  });
});

describe('loading the configuration', () => {
  afterEach(() => vi.unstubAllGlobals());

  function page(inline: string | null) {
    const fetched: string[] = [];
    vi.stubGlobal('location', { origin: 'http://demo.localhost:4173' });
    vi.stubGlobal('document', {
      getElementById: (id: string) =>
        id === INLINE_CONFIG_ID && inline !== null ? { textContent: inline } : null,
    });
    vi.stubGlobal('fetch', async (input: string) => {
      fetched.push(input);
      return Response.json({ servicesHost: '/from-file', storeIds: { demo: 3 } });
    });
    return fetched;
  }

  it('takes what the page carries without a request', async () => {
    const fetched = page(JSON.stringify({ servicesHost: '/api', storeIds: { demo: 14 } }));
    expect(await loadConfig()).toMatchObject({
      servicesHost: 'http://demo.localhost:4173/api',
      storeIds: { demo: 14 },
    });
    expect(fetched).toEqual([]);
  });

  it.each([
    ['none in the page', null],
    ['an empty element', ''],
    ['text that is not JSON', '{"servicesHost": "/api",'],
  ])('asks for /config.json with %s', async (_case, inline) => {
    const fetched = page(inline);
    expect(await loadConfig()).toMatchObject({
      servicesHost: 'http://demo.localhost:4173/from-file',
      storeIds: { demo: 3 },
    });
    expect(fetched).toEqual(['/config.json']);
  });
});
