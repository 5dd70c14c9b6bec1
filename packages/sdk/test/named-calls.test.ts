import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NAMED_CALLS, namedCallsModule } from '../scripts/named-calls.mjs';
import { type NamedCalls, withNamedCalls } from '../src/calls.ts';
import { namedCallTable } from '../src/generated/named-calls.ts';
import { ALL_PAGES, createMemoryTokenStore, isMarketApiError, type MarketClient } from '../src/index.ts';
import { createFakeHost, createTestClient, type SeenRequest } from './fake-host.ts';

interface Operation {
  operationId: string;
}
const contract = JSON.parse(
  readFileSync(new URL('../../sandbox/openapi/marketkit.openapi.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, Operation>>; tags: { name: string }[] };

const entries = Object.entries(namedCallTable).flatMap(([group, calls]) =>
  Object.entries(calls).map(([name, entry]) => {
    const [method = '', path = '', file] = (entry as string).split(' ');
    return { named: `${group}.${name}`, method, path, file };
  }),
);

describe('the generated named-call table', () => {
  it.each(entries)('$named: $method $path is an operation of the contract, named for it', (entry) => {
    const operation = contract.paths[entry.path]?.[entry.method.toLowerCase()];
    expect(operation, `${entry.method} ${entry.path}`).toBeDefined();
    expect(NAMED_CALLS[operation?.operationId ?? '']).toBe(entry.named);
  });

  it('has one entry for each operation of the contract', () => {
    const operations = Object.values(contract.paths).flatMap((item) =>
      Object.values(item).filter((value): value is Operation => typeof value?.operationId === 'string'),
    );
    expect(operations).toHaveLength(78);
    expect(entries).toHaveLength(operations.length);
    expect(new Set(entries.map((entry) => `${entry.method} ${entry.path}`)).size).toBe(entries.length);
  });

  it('marks the file answers with their media type', () => {
    expect(entries.filter((entry) => entry.file).map((entry) => [entry.named, entry.file])).toEqual([
      ['digitalProducts.download', 'application/octet-stream'],
      ['orders.invoice', 'application/pdf'],
    ]);
  });
});

/** A contract of two operations, for the generator's refusals. */
function tinyContract(getBody = false) {
  const answer = { 200: { content: { 'application/json': { schema: { type: 'object' } } } } };
  return {
    tags: [{ name: 'catalog', description: 'Products.' }],
    paths: {
      '/pbs/rest/v3/products': {
        get: {
          operationId: 'listProducts',
          summary: 'List products',
          tags: ['catalog'],
          responses: answer,
          ...(getBody
            ? { requestBody: { content: { 'application/json': { schema: { type: 'object' } } } } }
            : {}),
        },
      },
      '/pbs/rest/v3/products/{productId}': {
        get: { operationId: 'getProduct', summary: 'Get a product', tags: ['catalog'], responses: answer },
      },
    },
  };
}

describe('the named-call generator', () => {
  const message = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as Error).message;
    }
    return 'no error';
  };

  it.each<{ why: string; names: Record<string, string>; says: string }>([
    {
      why: 'a name given twice',
      names: { listProducts: 'products.get', getProduct: 'products.get' },
      says: 'products.get is the name of both listProducts and getProduct: rename one',
    },
    {
      why: 'an operation without a name',
      names: { listProducts: 'products.list' },
      says: 'operation getProduct has no named call: give it one in scripts/named-calls.mjs',
    },
    {
      why: 'a name for no operation',
      names: { listProducts: 'products.list', getProduct: 'products.get', gone: 'products.gone' },
      says: 'scripts/named-calls.mjs names gone, which is no operation of the contract',
    },
    {
      why: "a group that is one of the client's members",
      names: { listProducts: 'store.list', getProduct: 'products.get' },
      says: "listProducts: the group 'store' is a member of MarketClient: choose another",
    },
    {
      why: 'a name that is not group.name',
      names: { listProducts: 'products.list.all', getProduct: 'products.get' },
      says: "listProducts: 'products.list.all' is not 'group.name' (two identifiers)",
    },
  ])('fails on $why, saying so', ({ names, says }) => {
    expect(message(() => namedCallsModule(tinyContract(), names))).toContain(says);
  });

  it('fails on a GET with a body (the method alone must tell body from query)', () => {
    const names = { listProducts: 'products.list', getProduct: 'products.get' };
    expect(message(() => namedCallsModule(tinyContract(true), names))).toContain(
      'listProducts: a GET with a body',
    );
  });

  it('writes the table and documented, typed calls', () => {
    const source = namedCallsModule(tinyContract(), {
      listProducts: 'products.list',
      getProduct: 'products.get',
    });
    expect(source).toContain("get: 'GET /pbs/rest/v3/products/{productId}',");
    expect(source).toContain(
      "get(productId: CallPath<'getProduct'>['productId'], options?: CallOptions<'getProduct'>)",
    );
    expect(source).toContain('     * List products\n');
  });
});

/** A signed-in client with its named calls on the fake host, sending a language and a pincode on every call. */
function signedIn() {
  const host = createFakeHost();
  const tokens = createMemoryTokenStore();
  tokens.set(host.grant());
  const client = withNamedCalls(
    createTestClient(host, { tokens, getLanguage: () => 'fr', getPincode: () => '560001' }),
  );
  return { host, client, tokens };
}

describe('withNamedCalls', () => {
  const groups = Object.keys(namedCallTable);

  it("leaves createMarketClient's client without named calls (an app of raw calls never loads them)", () => {
    const client = createTestClient(createFakeHost());
    expect(groups.filter((group) => group in client)).toEqual([]);
  });

  it('adds every group to the client itself, which keeps its raw calls and helpers', async () => {
    const host = createFakeHost();
    const client = createTestClient(host);
    const sdk = withNamedCalls(client);
    expect(sdk).toBe(client);
    expect(groups.filter((group) => !(group in sdk))).toEqual([]);
    expect(sdk.store).toBe('demo');
    await sdk.GET('/pbs/rest/v3/products/{productId}', { params: { path: { productId: 3 } } });
    expect(host.requests[0]?.url.pathname).toBe('/pbs/rest/v3/products/3');
  });
});

/** What the host saw of a request, comparable across two calls. */
const seen = (request: SeenRequest | undefined) => ({
  method: request?.method,
  url: request?.url.href,
  headers: [...(request?.headers.entries() ?? [])],
  body: request?.body,
});

type Sdk = MarketClient & NamedCalls;
type Twin = [string, (client: Sdk) => Promise<unknown>, (client: Sdk) => Promise<unknown>];
const twins: Twin[] = [
  [
    'products.list',
    (client) => client.products.list({ page_number: ALL_PAGES, search: 'mug' }),
    (client) =>
      client.GET('/pbs/rest/v3/products', { params: { query: { page_number: -1, search: 'mug' } } }),
  ],
  [
    'products.get',
    (client) => client.products.get(42),
    (client) => client.GET('/pbs/rest/v3/products/{productId}', { params: { path: { productId: 42 } } }),
  ],
  [
    'cart.add',
    (client) =>
      client.cart.add(
        { customer_cart: [{ product: 7, cart_quantity: 2 }] },
        { header: { 'Idempotency-Key': 'key-1' } },
      ),
    (client) =>
      client.POST('/cfs/rest/v3/customer-cart', {
        params: { header: { 'Idempotency-Key': 'key-1' } },
        body: { customer_cart: [{ product: 7, cart_quantity: 2 }] },
      }),
  ],
  [
    'cart.update',
    (client) => client.cart.update(9, { cart_quantity: 3 }, { header: { 'Idempotency-Key': 'key-2' } }),
    (client) =>
      client.PUT('/cfs/rest/v3/customer-cart/{cartItemId}', {
        params: { path: { cartItemId: 9 }, header: { 'Idempotency-Key': 'key-2' } },
        body: { cart_quantity: 3 },
      }),
  ],
  [
    'wishlist.get',
    (client) => client.wishlist.get({ 'page-number': ALL_PAGES }, { headers: { 'x-trace': 't' } }),
    (client) =>
      client.GET('/cfs/rest/v3/customer-wishlist', {
        params: { query: { 'page-number': -1 } },
        headers: { 'x-trace': 't' },
      }),
  ],
  [
    'orders.checkPayment',
    (client) => client.orders.checkPayment(31),
    (client) =>
      client.PUT('/cfs/rest/v3/check-order-status/{orderId}', { params: { path: { orderId: 31 } } }),
  ],
];

describe('a named call', () => {
  it.each(twins)('%s sends the same request as its raw twin, headers included', async (_, named, raw) => {
    const { host, client } = signedIn();
    await named(client);
    await raw(client);
    expect(host.requests).toHaveLength(2);
    expect(seen(host.requests[0])).toEqual(seen(host.requests[1]));
    // The middleware ran: the shopper's token, language and pincode.
    expect(host.requests[0]?.headers.get('Authorization')).toBe('Bearer access-1');
    expect(host.requests[0]?.url.searchParams.get('language-code')).toBe('fr');
  });

  it("resolves the answer's response_body, as unwrap does", async () => {
    const { client } = signedIn();
    await expect(client.products.get(42)).resolves.toEqual({ echo: '', path: '/pbs/rest/v3/products/42' });
  });

  it('rejects a refusal with MarketApiError carrying the status and the server message', async () => {
    const { host, client } = signedIn();
    host.override('GET /pbs/rest/v3/products/404', () =>
      Response.json({ response_message: 'No such product', response_body: null }, { status: 404 }),
    );
    const error = await client.products.get(404).catch((cause: unknown) => cause);
    expect(isMarketApiError(error) && [error.code, error.status, error.responseMessage]).toEqual([
      'NOT_FOUND',
      404,
      'No such product',
    ]);
  });

  it('refreshes once on a 401 and is replayed, like its raw twin', async () => {
    const { host, client, tokens } = signedIn();
    host.expireAccessTokens();
    await expect(client.cart.get({ page_number: ALL_PAGES })).resolves.toMatchObject({
      path: '/cfs/rest/v3/customer-cart',
    });
    expect(host.refreshCalls).toBe(1);
    expect(host.requests.map((request) => request.url.pathname)).toEqual([
      '/cfs/rest/v3/customer-cart',
      '/ums/rest/v3/refresh-token',
      '/cfs/rest/v3/customer-cart',
    ]);
    expect(host.requests[2]?.headers.get('Authorization')).toBe(`Bearer ${tokens.get()?.accessToken}`);
    expect(tokens.get()?.accessToken).toBe('access-2');
  });

  it('cancels with its signal (REQUEST_CANCELLED)', async () => {
    const { client } = signedIn();
    const controller = new AbortController();
    controller.abort();
    const error = await client.products
      .list(undefined, { signal: controller.signal })
      .catch((cause: unknown) => cause);
    expect(isMarketApiError(error) && error.code).toBe('REQUEST_CANCELLED');
  });

  it('gives a file answer as its unread Response, asking for its media type', async () => {
    const { host, client } = signedIn();
    host.override(
      'GET /ofs/rest/v3/orders/5/invoice',
      () =>
        new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="i.pdf"',
          },
        }),
    );
    const response = await client.orders.invoice(5);
    expect(host.requests[0]?.headers.get('Accept')).toBe('application/pdf, application/json');
    expect(response.headers.get('Content-Disposition')).toContain('i.pdf');
    await expect(response.text()).resolves.toBe('%PDF-1.7');
  });

  it('rejects a refused file with the server message', async () => {
    const { host, client } = signedIn();
    host.override('GET /ofs/rest/v3/orders/6/invoice', () =>
      Response.json({ response_message: 'No invoice yet', response_body: null }, { status: 404 }),
    );
    const error = await client.orders.invoice(6).catch((cause: unknown) => cause);
    expect(isMarketApiError(error) && [error.code, error.responseMessage]).toEqual([
      'NOT_FOUND',
      'No invoice yet',
    ]);
  });

  it('sends a multipart body as the FormData it is given', async () => {
    const { host, client } = signedIn();
    const form = new FormData();
    form.append('file', new Blob(['png'], { type: 'image/png' }), 'me.png');
    await client.profile.uploadImage(form);
    expect(host.requests[0]?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(host.requests[0]?.body).toContain('filename="me.png"');
  });
});
