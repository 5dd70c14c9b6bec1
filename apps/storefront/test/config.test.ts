import { describe, expect, it } from 'vitest';
import { parseConfig, storeFromHost } from '../src/app/config.ts';

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
