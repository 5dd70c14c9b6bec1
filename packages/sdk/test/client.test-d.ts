import { describe, expectTypeOf, it } from 'vitest';
import {
  createMarketClient,
  createMemoryTokenStore,
  type MarketClient,
  type RequestBody,
  type ResponseBody,
  type Schema,
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
});
