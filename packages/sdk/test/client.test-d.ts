import { describe, expectTypeOf, it } from 'vitest';
import { type NamedCalls, withNamedCalls } from '../src/calls.ts';
import {
  ALL_PAGES,
  createMarketClient,
  createMemoryTokenStore,
  type MarketClient,
  type MarketSession,
  type RequestBody,
  type ResponseBody,
  type Schema,
  type SignInResult,
  type SignOutResult,
  unwrap,
} from '../src/index.ts';

declare const client: MarketClient;

describe('public types', () => {
  it('createMarketClient gives a MarketClient', () => {
    expectTypeOf(
      createMarketClient({ servicesHost: 'http://x.test', store: 'demo', tokens: createMemoryTokenStore() }),
    ).toEqualTypeOf<MarketClient>();
  });

  it('types the cart answer from the contract (response_body.Products)', async () => {
    const cart = await unwrap(
      client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } }),
    );
    expectTypeOf(cart.Products[0]?.cart_quantity).toEqualTypeOf<number | undefined>();
    expectTypeOf(cart).toEqualTypeOf<ResponseBody<'getCustomerCart'>>();
  });

  it('requires the exact cart create payload', () => {
    expectTypeOf<RequestBody<'addToCustomerCart'>['customer_cart'][number]>().toHaveProperty('product');
    // @ts-expect-error customer_cart is required
    void client.POST('/cfs/rest/v3/customer-cart', { body: {} });
  });

  it('keeps the spec spellings of query parameters', () => {
    void client.GET('/cfs/rest/v3/customer-wishlist', {
      params: { query: { 'page-number': -1, search: 'mug' } },
    });
    void client.GET('/pbs/rest/v3/content-settings', {
      params: { query: { 'page-limit': 10, 'page-number': 1, 'store-id': 14 } },
    });
    // @ts-expect-error the wishlist uses page-number, not page_number
    void client.GET('/cfs/rest/v3/customer-wishlist', { params: { query: { page_number: -1 } } });
  });

  it('exposes named schemas', () => {
    expectTypeOf<Schema<'ProductSummary'>['price_visibility']>().toEqualTypeOf<boolean>();
    expectTypeOf<Schema<'GatewayFormPayload'>['command']>().toEqualTypeOf<'PURCHASE'>();
  });

  it('signs in and out with the SDK alone, typed', async () => {
    expectTypeOf(client.signIn({ username: 'a@b.test', password: 'x' })).toEqualTypeOf<
      Promise<SignInResult>
    >();
    void client.signIn({ otp: '123456', otp_reference: 'ref' });
    // @ts-expect-error a password sign-in needs the username
    void client.signIn({ password: 'x' });
    const result = await client.signIn({ username: 'a@b.test', password: 'x' });
    if (result.status === 'signed-in') expectTypeOf(result.session).toEqualTypeOf<MarketSession>();
    else expectTypeOf(result.verification.otp_reference).toBeString();
    expectTypeOf(client.signOut()).toEqualTypeOf<Promise<SignOutResult>>();
    expectTypeOf(client.session()).toEqualTypeOf<MarketSession | null>();
  });

  it('gives product images as a list of URLs', () => {
    expectTypeOf(client.imageUrls)
      .parameter(0)
      .toEqualTypeOf<string | readonly string[] | null | undefined>();
    expectTypeOf(client.imageUrls('a.jpg,b.jpg')).toEqualTypeOf<string[]>();
  });

  it('reports a wrong path as the path alone: unwrap adds no error of its own', async () => {
    const body = await unwrap(
      client.GET(
        // @ts-expect-error not a path of the contract (the one error of this call)
        '/cfs/rest/v3/customer-cartt',
        { params: { query: { page_number: -1 } } },
      ),
    );
    void body;
    const settings = await unwrap(
      client.GET('/pbs/rest/v3/content-settings', {
        params: { query: { 'page-limit': 1, 'page-number': 1, 'store-id': 14 } },
      }),
    );
    expectTypeOf(settings).toEqualTypeOf<ResponseBody<'getContentSettings'>>();
  });
});

describe('named calls (@marketkit/sdk/calls)', () => {
  const sdk = withNamedCalls(client);

  it('withNamedCalls keeps the client type and adds the named calls', () => {
    expectTypeOf(sdk).toEqualTypeOf<MarketClient & NamedCalls>();
  });

  it('types each named call from the contract: answer, path parameters, body and query', async () => {
    expectTypeOf(sdk.products.list()).toEqualTypeOf<Promise<ResponseBody<'listProducts'>>>();
    expectTypeOf(sdk.cart.get({ page_number: ALL_PAGES })).toEqualTypeOf<
      Promise<ResponseBody<'getCustomerCart'>>
    >();
    expectTypeOf(sdk.products.get).parameter(0).toEqualTypeOf<number>();
    expectTypeOf(sdk.orders.invoice(1)).toEqualTypeOf<Promise<Response>>();
    const cart = await sdk.cart.add(
      { customer_cart: [{ product: 1, cart_quantity: 1 }] },
      { header: { 'Idempotency-Key': 'k' } },
    );
    expectTypeOf(cart).toEqualTypeOf<ResponseBody<'addToCustomerCart'>>();
    expectTypeOf(sdk.profile.uploadImage).parameter(0).toEqualTypeOf<FormData>();
  });

  it('refuses a wrong query key, body field, path parameter or header', () => {
    // @ts-expect-error the products list has no `page` query parameter
    void sdk.products.list({ page: 1 });
    // @ts-expect-error the wishlist uses page-number, not page_number
    void sdk.wishlist.get({ page_number: ALL_PAGES });
    // @ts-expect-error a cart line is `product`, not `product_id`
    void sdk.cart.add({ customer_cart: [{ product_id: 1, cart_quantity: 1 }] });
    // @ts-expect-error customer_cart is required
    void sdk.cart.add({});
    // @ts-expect-error the product id is a number
    void sdk.products.get('42');
    // @ts-expect-error slots need the product_id query
    void sdk.slots.list();
    // @ts-expect-error the cart has no such header parameter
    void sdk.cart.clear({ header: { 'Idem-Key': 'k' } });
    // @ts-expect-error no named call of that name
    void sdk.products.all();
  });

  it('names no group after a member of the client, whose own type has no named calls', () => {
    expectTypeOf<Extract<keyof NamedCalls, keyof MarketClient>>().toEqualTypeOf<never>();
    expectTypeOf(sdk.store).toBeString();
    // @ts-expect-error the named calls come with withNamedCalls (@marketkit/sdk/calls) only
    void client.products.list();
  });
});
