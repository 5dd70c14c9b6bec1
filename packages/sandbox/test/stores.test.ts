import { unwrap } from '@marketkit/sdk';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultSeed, createSandbox } from '../src/index.ts';
import { createSandboxHandlers } from '../src/msw.ts';
import { clientFor, signInAs } from './support.ts';

const HOST = 'http://localhost:4010';
const sandbox = createSandbox({ log: () => {}, controlApi: true });
const server = setupServer(...createSandboxHandlers(sandbox));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  sandbox.faults.clear();
});
afterAll(() => server.close());

const guest = (store: string) => clientFor(HOST, store, (request) => fetch(request));
const settingsOf = async (store: string) => {
  const client = guest(store);
  const validation = await unwrap(
    client.GET('/ums/rest/v3/validate-store', {
      params: { query: { 'store-realmname': `${store}-customer` } },
    }),
  );
  return {
    validation,
    response: await client.GET('/pbs/rest/v3/content-settings', {
      params: { query: { 'store-id': validation.store_id } },
    }),
  };
};

describe('seeded stores', () => {
  it('has the build default: store 14 in rand (R), English, left to right', async () => {
    const { response } = await settingsOf('demo');
    const settings = response.data?.response_body.store_settings_data[0];
    expect(settings).toMatchObject({
      store_id: 14,
      store_currency: { iso_code: 'ZAR', symbol: 'R', number_to_basic: 100 },
      max_product_price: 500000,
      estimated_delivery_days: 2,
      items_per_page: 10,
      signup_type: 'OTP',
    });
    expect(settings?.store_page_settings.btn_primary_bg_color).toBe('#FFB703');
    const languages = await unwrap(
      guest('demo').GET('/pbs/rest/v3/languages', { params: { query: { page_number: -1 } } }),
    );
    expect(languages.data.find((l) => l.is_default)).toMatchObject({
      language_code: 'en',
      writing_script_direction: 'LTR',
    });
    // An inactive language exercises the storefront's "saved language must be active" rule.
    expect(languages.data.some((l) => l.status === 0)).toBe(true);
  });

  it('has a right-to-left store, Arabic by default with Arabic, English and French active, and localised names', async () => {
    const languages = await unwrap(guest('souq').GET('/pbs/rest/v3/languages', { params: { query: {} } }));
    expect(languages.data.find((l) => l.is_default)).toMatchObject({
      language_code: 'ar',
      writing_script_direction: 'RTL',
    });
    expect(
      languages.data
        .filter((l) => l.status === 1)
        .map((l) => l.language_code)
        .sort(),
    ).toEqual(['ar', 'en', 'fr']);
    const arabic = clientFor(HOST, 'souq', (request) => fetch(request));
    const inArabic = await fetch(`${HOST}/pbs/rest/v3/products/2001?language-code=ar`, {
      headers: { realmname: 'souq-customer' },
    });
    expect(
      ((await inArabic.json()) as { response_body: { product_name: string } }).response_body.product_name,
    ).toBe('تمر مجدول ١ كغ');
    const inFrench = await unwrap(
      arabic.GET('/pbs/rest/v3/products/{productId}', {
        params: { path: { productId: 2001 }, query: { 'language-code': 'fr' } },
      }),
    );
    expect(inFrench.product_name).toBe('Dattes Medjool 1 kg');
  });

  it('has a store with no currency (INR applies), hidden prices and request-based products', async () => {
    const { response } = await settingsOf('bazaar');
    const settings = response.data?.response_body.store_settings_data[0];
    expect(settings?.store_currency).toBeNull();
    // Empty colours mean "use the default theme colour".
    expect(settings?.store_page_settings.bg_color).toBe('');
    const products = await unwrap(
      guest('bazaar').GET('/pbs/rest/v3/products', { params: { query: { page_number: -1 } } }),
    );
    expect(
      products.data.some((p) => p.price_visibility === false && p.purchase_mode === 'request_based'),
    ).toBe(true);
    expect(products.data.filter((p) => p.purchase_mode === 'request_based').length).toBeGreaterThanOrEqual(3);
  });

  it('has a closed store and a store whose settings fail, to show the error pages', async () => {
    expect((await settingsOf('closed')).validation.store_status).toBe(false);
    const broken = await settingsOf('broken');
    expect(broken.validation.store_status).toBe(true);
    expect(broken.response.response.status).toBe(500);
    expect(broken.response.error?.response_message).toBe('The store settings could not be loaded');
  });

  it('has a catalogue that exercises every path in the default store', () => {
    const demo = createDefaultSeed().stores.find((s) => s.name === 'demo');
    const products = demo?.products.map((p) => p.detail) ?? [];
    expect(products.length).toBeGreaterThanOrEqual(60);
    expect(new Set(products.map((p) => p.product_type_name)).size).toBe(7);
    expect(new Set(products.map((p) => p.item_type))).toEqual(
      new Set(['standard_item', 'request_item', 'free_item']),
    );
    expect(new Set(products.map((p) => p.purchase_mode))).toEqual(
      new Set(['request_based', 'checkout_based']),
    );
    expect(
      products.some((p) => p.discount_details?.discount_type === 'percentage') &&
        products.some((p) => p.discount_details?.discount_type === 'flat'),
    ).toBe(true);
    expect(
      products.some((p) => p.pay_on_delivery && !p.online_payment) &&
        products.some((p) => !p.pay_on_delivery && p.online_payment),
    ).toBe(true);
    expect(products.some((p) => p.type_details.training)).toBe(true);
    expect(products.some((p) => (p.rating_count ?? 0) > 0)).toBe(true);
    expect(demo?.categories.some((c) => c.parent_id !== null)).toBe(true);
    expect(demo?.coupons.map((c) => c.discount_type).sort()).toEqual([
      'flat',
      'free_order',
      'percentage',
      'percentage',
      'percentage',
    ]);
    expect(demo?.payment_methods.map((m) => m.payment_type)).toEqual(['COD', 'CARD_GATEWAY', 'CASHFREE']);
    const images = products.flatMap((p) => p.images);
    expect(images.every((path) => path.startsWith('/assets/'))).toBe(true);
  });

  it('lets ordinary physical products of every open store be paid on delivery, some online only, some on delivery only', () => {
    for (const store of createDefaultSeed().stores.filter((s) =>
      ['demo', 'souq', 'bazaar'].includes(s.name),
    )) {
      const physical = store.products
        .map((p) => p.detail)
        .filter((d) => d.product_type_name === 'Physical Product' && d.purchase_mode === 'checkout_based');
      const count = (online: boolean, onDelivery: boolean) =>
        physical.filter((d) => d.online_payment === online && d.pay_on_delivery === onDelivery).length;
      // Most either way; at least one of each of the other two kinds.
      expect({ store: store.name, either: count(true, true) > physical.length / 2 }).toEqual({
        store: store.name,
        either: true,
      });
      expect({
        store: store.name,
        onlineOnly: count(true, false) > 0,
        onDeliveryOnly: count(false, true) > 0,
      }).toEqual({
        store: store.name,
        onlineOnly: true,
        onDeliveryOnly: true,
      });
      expect(store.payment_methods.some((m) => m.payment_type === 'COD')).toBe(true);
    }
  });

  it('serves every image locally', async () => {
    const demo = createDefaultSeed().stores[0];
    const paths = [
      demo?.settings.store_logo_path,
      demo?.settings.store_home_settings?.hero_image_path,
      ...(demo?.products.slice(0, 5).flatMap((p) => p.detail.images) ?? []),
      '/assets/demo/categories/101.svg',
    ];
    for (const path of paths) {
      const response = await fetch(`${HOST}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(await response.text()).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
    expect((await fetch(`${HOST}/assets/demo/products/9999/1.svg`)).status).toBe(404);
  });

  it('turns ask-AI on for one store and off for another', async () => {
    const ask = async (store: string) =>
      fetch(`${HOST}/dm_ml/rest/v3/ask-ai`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${await signInAs(HOST, store)}`,
        },
        body: JSON.stringify({ question: 'cookware please' }),
      });
    const on = await ask('demo');
    expect(on.status).toBe(200);
    const answer = (
      (await on.json()) as { response_body: { categories: { category_name: string; link: string }[] } }
    ).response_body;
    expect(answer.categories[0]).toMatchObject({
      category_name: 'Cookware',
      link: '/productListing?category=106',
    });
    expect((await ask('souq')).status).toBe(403);
  });
});

describe('faults on request', () => {
  const products = () => fetch(`${HOST}/pbs/rest/v3/products`, { headers: { realmname: 'demo-customer' } });

  it('answers a given status for a given path, a given number of times', async () => {
    await fetch(`${HOST}/__sandbox/faults`, {
      method: 'POST',
      body: JSON.stringify({
        path: '/pbs/rest/v3/products',
        status: 503,
        message: 'Down for maintenance',
        times: 2,
      }),
    });
    expect((await products()).status).toBe(503);
    const second = await products();
    expect(((await second.json()) as { response_message: string }).response_message).toBe(
      'Down for maintenance',
    );
    expect((await products()).status).toBe(200);
  });

  it('drops connections and spoils bodies', async () => {
    sandbox.faults.add({ path: '/pbs/rest/v3/*', drop: true, times: 1 });
    await expect(products()).rejects.toThrow();
    sandbox.faults.add({ path: '/pbs/rest/v3/products', malformed: 'invalid-json', times: 1 });
    await expect((await products()).json()).rejects.toThrow(SyntaxError);
    sandbox.faults.add({ path: '/pbs/rest/v3/products', malformed: 'html', times: 1 });
    expect((await products()).headers.get('content-type')).toContain('text/html');
  });

  it('adds latency, only for the store it names', async () => {
    sandbox.faults.add({ path: '/pbs/rest/v3/products', latencyMs: 300, store: 'demo' });
    const order: string[] = [];
    await Promise.all([
      products().then(() => order.push('demo (delayed)')),
      fetch(`${HOST}/pbs/rest/v3/products`, { headers: { realmname: 'souq-customer' } }).then(() =>
        order.push('souq'),
      ),
    ]);
    expect(order).toEqual(['souq', 'demo (delayed)']);
  });

  it('is off by default', () => {
    expect(createSandbox({ log: () => {} }).faults.list()).toEqual([]);
  });
});
