import { describe, expect, it } from 'vitest';
import { interpolate, type lookup, translate } from '../src/i18n/catalog.ts';
import { createI18n } from '../src/i18n/i18n.ts';

describe('translate', () => {
  const files: Record<string, Record<string, object>> = {
    en: {
      common: { hello: 'Hello {{name}}', screen: { cart: 'Cart' }, only_en: 'English only' },
      header: { items_one: '{{count}} item', items_other: '{{count}} items' },
    },
    ar: {
      common: { hello: 'مرحبا {{name}}' },
      header: {
        items_zero: 'لا عناصر',
        items_one: 'عنصر واحد',
        items_two: 'عنصران',
        items_few: '{{count}} عناصر',
        items_many: '{{count}} عنصرًا',
        items_other: '{{count}} عنصر',
      },
    },
  };
  const read = (language: string, namespace: string) =>
    files[language]?.[namespace] as Parameters<typeof lookup>[0];

  it.each([
    [['ar', 'en'], ['common'], 'hello', { name: 'Sara' }, 'مرحبا Sara'],
    [['ar', 'en'], ['common'], 'only_en', undefined, 'English only'],
    [['en'], ['common'], 'screen.cart', undefined, 'Cart'],
    [['en'], ['common', 'header'], 'items', { count: 1 }, '1 item'],
    [['en'], ['common'], 'header:items', { count: 3 }, '3 items'],
    [['ar', 'en'], ['header'], 'items', { count: 0 }, 'لا عناصر'],
    [['ar', 'en'], ['header'], 'items', { count: 2 }, 'عنصران'],
    [['ar', 'en'], ['header'], 'items', { count: 5 }, '5 عناصر'],
    [['ar', 'en'], ['header'], 'items', { count: 11 }, '11 عنصرًا'],
    [['en'], ['common'], 'missing.key', undefined, 'missing.key'],
    [['en'], ['common'], 'screen', undefined, 'screen'],
  ] as const)('in %j %j, %s with %j → %s', (languages, namespaces, key, values, text) => {
    expect(translate(read, languages, namespaces, key, values)).toBe(text);
  });

  it('leaves hostile values as text and drops unknown placeholders', () => {
    expect(interpolate('Hi {{ name }}{{unknown}}', { name: '<img src=x onerror=alert(1)>' })).toBe(
      'Hi <img src=x onerror=alert(1)>',
    );
  });
});

/** A language host: status per URL, counting requests. */
function languageHost(
  answers: Record<string, Array<number | 'throw' | 'not-json'>>,
  bodies: Record<string, object>,
) {
  const requests: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    const url = String(input);
    requests.push(url);
    const queue = answers[url] ?? [200];
    const next = queue.length > 1 ? queue.shift() : queue[0];
    if (next === 'throw') throw new TypeError('Failed to fetch');
    if (next === 'not-json') return new Response('<html>', { status: 200 });
    return new Response(JSON.stringify(bodies[url] ?? {}), { status: next ?? 200 });
  };
  return { fetch: fetch as typeof globalThis.fetch, requests };
}

const settle = (i18n: ReturnType<typeof createI18n>, namespaces: Parameters<typeof i18n.isSettled>[0]) =>
  new Promise<void>((resolve) => {
    if (i18n.isSettled(namespaces)) return resolve();
    const stop = i18n.subscribe(() => {
      if (!i18n.isSettled(namespaces)) return;
      stop();
      resolve();
    });
  });

describe('loading translations (spec §8 retry rule)', () => {
  const waits: number[] = [];
  const wait = async (ms: number) => {
    waits.push(ms);
  };

  it.each([
    ['a 5xx', [503, 500, 200], 3, [1000, 2000]],
    ['no answer at all', ['throw', 200], 2, [1000]],
    ['a 5xx every time', [500], 4, [1000, 2000, 4000]],
    ['a 4xx', [404], 1, []],
    ['a file that is not JSON', ['not-json'], 1, []],
  ] as const)('given %s, should ask %i time(s) with waits %j', async (_, statuses, times, delays) => {
    waits.length = 0;
    const url = '/locales/fr/cart.json';
    const host = languageHost({ [url]: [...statuses] }, { [url]: { added: 'Ajouté' } });
    const i18n = createI18n({ host: '/locales/', language: 'fr', fetch: host.fetch, wait });
    i18n.load(['cart']);
    await settle(i18n, ['cart']);
    expect(host.requests.filter((request) => request === url)).toHaveLength(times);
    expect(waits).toEqual(delays);
  });

  it('falls back to English for a namespace the language does not have', async () => {
    const host = languageHost(
      { '/locales/hi/cart.json': [404] },
      { '/locales/en/cart.json': { added: 'Added to cart' } },
    );
    const i18n = createI18n({ host: '/locales', language: 'hi', fetch: host.fetch, wait });
    i18n.load(['cart']);
    expect(i18n.isSettled(['cart'])).toBe(false);
    await settle(i18n, ['cart']);
    expect(i18n.t(['cart'], 'added')).toBe('Added to cart');
  });

  it('loads what was already asked for in the new language when the language changes', async () => {
    const host = languageHost(
      {},
      {
        '/locales/en/header.json': { search: 'Search' },
        '/locales/ar/header.json': { search: 'بحث' },
      },
    );
    const i18n = createI18n({ host: '/locales', language: 'en', fetch: host.fetch, wait });
    i18n.load(['header']);
    await settle(i18n, ['header']);
    expect(i18n.t(['header'], 'search')).toBe('Search');
    const before = i18n.getVersion();
    i18n.setLanguage('ar');
    expect(i18n.getVersion()).toBeGreaterThan(before);
    await settle(i18n, ['header']);
    expect(i18n.t(['header'], 'search')).toBe('بحث');
    expect(host.requests).toEqual(['/locales/en/header.json', '/locales/ar/header.json']);
  });

  it('resolves texts wanted outside rendering once they have loaded', async () => {
    const host = languageHost({}, { '/locales/en/order.json': { fail: 'The payment did not go through' } });
    const i18n = createI18n({ host: '/locales', language: 'en', fetch: host.fetch, wait });
    await i18n.whenSettled(['order']);
    expect(i18n.t(['order'], 'fail')).toBe('The payment did not go through');
    await i18n.whenSettled(['order']);
    expect(host.requests).toHaveLength(1);
  });

  it('asks for each file once however many screens want it', async () => {
    const host = languageHost({}, { '/locales/en/common.json': { home: 'Home' } });
    const i18n = createI18n({ host: '/locales', language: 'en', fetch: host.fetch, wait });
    i18n.load(['common']);
    i18n.load(['common']);
    await settle(i18n, ['common']);
    i18n.load(['common']);
    expect(host.requests).toEqual(['/locales/en/common.json']);
  });
});
