import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBrowserI18n } from '../src/i18n/client.ts';
import { NAMESPACES, routeNamespaces, SHELL_NAMESPACES } from '../src/i18n/namespaces.ts';
import { createRequestI18n, renderedTexts } from '../src/server/i18n.server.ts';

const LOCALES = join(import.meta.dirname, '../public/locales');
const file = (language: string, namespace: string) =>
  JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8')) as Record<string, unknown>;

type Answer = { status: number; body?: string } | 'network error';

/** A language host that answers each `{language}/{namespace}` with what the test says, counting asks. */
function languageHost(answers: Record<string, Answer[] | Answer>) {
  const asked: string[] = [];
  const fetch = async (input: string) => {
    const path = new URL(input, 'http://x').pathname.replace('/locales/', '').replace('.json', '');
    asked.push(path);
    const planned = answers[path];
    const answer = Array.isArray(planned) ? planned.shift() : planned;
    if (answer === 'network error') throw new TypeError('Failed to fetch');
    if (answer) return new Response(answer.body ?? '', { status: answer.status });
    const [language = '', namespace = ''] = path.split('/');
    try {
      return new Response(JSON.stringify(file(language, namespace)), { status: 200 });
    } catch {
      return new Response('', { status: 404 });
    }
  };
  return { fetch, asked };
}

const ready = (i18n: ReturnType<typeof createBrowserI18n>, namespaces: readonly string[]) =>
  i18n.loadNamespaces([...namespaces]);

describe('translations in the browser (i18next + i18next-http-backend)', () => {
  it('loads a namespace in the language and in English, and reads the language first', async () => {
    const host = languageHost({});
    const i18n = createBrowserI18n({ host: '/locales', language: 'fr', fetch: host.fetch });
    await ready(i18n, ['cart']);
    expect(host.asked.sort()).toEqual([
      'en/cart',
      'en/common',
      'en/footer',
      'en/header',
      'en/store_modal',
      'fr/cart',
      'fr/common',
      'fr/footer',
      'fr/header',
      'fr/store_modal',
    ]);
    expect(i18n.t('title', { ns: 'cart' })).toBe((file('fr', 'cart') as { title: string }).title);
  });

  it('falls back to English per namespace when the language has no such file (a 4xx is not retried)', async () => {
    const host = languageHost({ 'fr/cart': { status: 404 } });
    const i18n = createBrowserI18n({ host: '/locales', language: 'fr', fetch: host.fetch });
    await ready(i18n, ['cart']);
    expect(host.asked.filter((path) => path === 'fr/cart')).toHaveLength(1);
    expect(i18n.t('title', { ns: 'cart' })).toBe((file('en', 'cart') as { title: string }).title);
    // Other namespaces stay French.
    expect(i18n.t('close', { ns: 'common' })).toBe((file('fr', 'common') as { close: string }).close);
  });

  it.each([
    ['a 5xx', { status: 503 }],
    ['no answer', 'network error'],
  ] as const)(
    'retries %s three times, waiting longer each time, then falls back to English',
    async (_, failure) => {
      const host = languageHost({ 'fr/cart': [failure, failure, failure, failure] });
      const started = Date.now();
      const i18n = createBrowserI18n({ host: '/locales', language: 'fr', fetch: host.fetch, retryMs: 20 });
      await ready(i18n, ['cart']);
      expect(host.asked.filter((path) => path === 'fr/cart')).toHaveLength(4);
      // 20 + 40 + 80 ms: the spec's 1 s doubling, scaled down.
      expect(Date.now() - started).toBeGreaterThanOrEqual(140);
      expect(i18n.t('title', { ns: 'cart' })).toBe((file('en', 'cart') as { title: string }).title);
    },
  );

  it('a retry that succeeds is used', async () => {
    const host = languageHost({ 'fr/cart': [{ status: 502 }] });
    const i18n = createBrowserI18n({ host: '/locales', language: 'fr', fetch: host.fetch, retryMs: 5 });
    await ready(i18n, ['cart']);
    expect(host.asked.filter((path) => path === 'fr/cart')).toHaveLength(2);
    expect(i18n.t('title', { ns: 'cart' })).toBe((file('fr', 'cart') as { title: string }).title);
  });

  it.each([
    ['not JSON', '{"title": '],
    ['a list', '["a"]'],
    ['a string', '"hello"'],
  ])('a file that is %s is not retried, and English shows', async (_, body) => {
    const host = languageHost({ 'fr/cart': { status: 200, body } });
    const i18n = createBrowserI18n({ host: '/locales', language: 'fr', fetch: host.fetch, retryMs: 5 });
    await ready(i18n, ['cart']);
    expect(host.asked.filter((path) => path === 'fr/cart')).toHaveLength(1);
    expect(i18n.t('title', { ns: 'cart' })).toBe((file('en', 'cart') as { title: string }).title);
  });

  it('texts the page came with are there at once and never asked for', () => {
    const host = languageHost({});
    const bundles = (language: string) =>
      Object.fromEntries(SHELL_NAMESPACES.map((namespace) => [namespace, file(language, namespace)]));
    const resources = { ar: bundles('ar'), en: bundles('en') };
    const i18n = createBrowserI18n({ host: '/locales', language: 'ar', fetch: host.fetch, resources });
    expect(i18n.hasLoadedNamespace('header')).toBe(true);
    expect(i18n.t('close', { ns: 'common' })).toBe((file('ar', 'common') as { close: string }).close);
    expect(i18n.isInitialized).toBe(true);
    expect(host.asked).toEqual([]);
  });

  it('a key found nowhere shows as itself; values are not escaped twice (React escapes)', async () => {
    const i18n = createBrowserI18n({ host: '/locales', language: 'en', fetch: languageHost({}).fetch });
    await ready(i18n, ['common']);
    expect(i18n.t('no_such_key')).toBe('no_such_key');
    expect(i18n.t('welcome', { store: '<b>&</b>' })).toBe('Welcome to <b>&</b>');
  });

  it('writes Arabic plurals with its six forms', async () => {
    const i18n = createBrowserI18n({ host: '/locales', language: 'ar', fetch: languageHost({}).fetch });
    await ready(i18n, ['header']);
    const header = file('ar', 'header') as Record<string, string>;
    const text = (count: number, form: string) =>
      (header[`cart_with_count_${form}`] ?? '').replace('{{count}}', String(count));
    for (const [count, form] of [
      [0, 'zero'],
      [1, 'one'],
      [2, 'two'],
      [3, 'few'],
      [10, 'few'],
      [11, 'many'],
      [99, 'many'],
      [100, 'other'],
    ] as const)
      expect(i18n.t('cart_with_count', { ns: 'header', count }), `${count}`).toBe(text(count, form));
  });

  it('a screen reading several namespaces finds a key in the first that has it', async () => {
    const i18n = createBrowserI18n({ host: '/locales', language: 'en', fetch: languageHost({}).fetch });
    await ready(i18n, ['cart', 'common']);
    const t = i18n.getFixedT(null, ['cart', 'common']);
    expect(t('retry')).toBe((file('en', 'common') as { retry: string }).retry);
  });
});

describe('translations on the server', () => {
  const source = { host: '/locales', clientRoot: join(import.meta.dirname, '../public/..'), timeoutMs: 1000 };
  const files = { ...source, clientRoot: join(import.meta.dirname, '..', 'public') };
  const never = new Promise<void>(() => {});

  it('one i18next per request: a page in French and one in Arabic at once, each in its own', async () => {
    const [fr, ar] = await Promise.all([
      createRequestI18n(files, 'fr', ['common', 'header'], never),
      createRequestI18n(files, 'ar', ['common', 'header'], never),
    ]);
    expect(fr).not.toBe(ar);
    expect(fr.t('close', { ns: 'common' })).toBe((file('fr', 'common') as { close: string }).close);
    expect(ar.t('close', { ns: 'common' })).toBe((file('ar', 'common') as { close: string }).close);
    await fr.changeLanguage('en');
    expect(ar.language).toBe('ar');
  });

  it('gives the browser the texts it rendered with: the language and English, a missing file as empty', async () => {
    const i18n = await createRequestI18n(files, 'hi', ['common', 'no_such_namespace' as never], never);
    const texts = renderedTexts(i18n, ['common', 'no_such_namespace' as never]);
    expect(Object.keys(texts).sort()).toEqual(['en', 'hi']);
    expect(texts.hi?.common).toEqual(file('hi', 'common'));
    expect(texts.en?.common).toEqual(file('en', 'common'));
    expect(texts.hi?.no_such_namespace).toEqual({});
  });

  it('keeps a namespace whole even with a key named "default" (a JSON module would lose it)', async () => {
    const i18n = await createRequestI18n(files, 'en', ['address'], never);
    expect(i18n.t('title', { ns: 'address' })).toBe('Your addresses');
    expect(i18n.t('default', { ns: 'address' })).toBe('Default');
  });

  it('waits for a slow language host only until the page deadline, leaving what is still loading out', async () => {
    const { createServer } = await import('node:http');
    const server = createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const host = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/locales`;
    const started = Date.now();
    const deadline = new Promise<void>((resolve) => setTimeout(resolve, 100));
    const i18n = await createRequestI18n({ ...source, host, timeoutMs: 5000 }, 'fr', ['common'], deadline);
    expect(Date.now() - started).toBeLessThan(1000);
    // Nothing in: the browser loads every text itself.
    expect(renderedTexts(i18n, ['common'])).toEqual({});
    server.closeAllConnections();
    server.close();
  });

  it('never reads outside the translation folder, whatever the language or namespace', async () => {
    const i18n = await createRequestI18n(files, '../../..', ['../package' as never], never);
    expect(renderedTexts(i18n, ['../package' as never])).toEqual({
      '../../..': { '../package': {} },
      en: { '../package': {} },
    });
  });
});

describe("routes' namespaces", () => {
  it("are the frame's, then each route's own, once each, known names only", () => {
    expect(
      routeNamespaces([undefined, { i18n: ['cart', 'common'] }, { i18n: ['order', 'nope'] }, 'x']),
    ).toEqual([...SHELL_NAMESPACES, 'cart', 'order']);
    expect(NAMESPACES).toContain('policies');
  });
});
