// Ten raw SDK calls as an app without the hooks writes them (issue 19 points 12 and 13): compiled alone by
// bench/typecheck.mjs inside the example's install, to show what openapi-fetch's generics and `unwrap` cost.
import { createMarketClient, createMemoryTokenStore, unwrap } from '@marketkit/sdk';

const client = createMarketClient({
  servicesHost: 'http://localhost:4010',
  store: 'demo',
  tokens: createMemoryTokenStore(),
});
export async function visit() {
  const page = await unwrap(
    client.GET('/pbs/rest/v3/products', { params: { query: { page_number: 1, page_limit: 10 } } }),
  );
  const product = await unwrap(
    client.GET('/pbs/rest/v3/products/{productId}', { params: { path: { productId: 1 } } }),
  );
  const login = await unwrap(client.POST('/ums/rest/v3/login', { body: { username: 'a', password: 'b' } }));
  const cart = await unwrap(
    client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } }),
  );
  const added = await unwrap(
    client.POST('/cfs/rest/v3/customer-cart', {
      body: { customer_cart: [{ product: 1, cart_quantity: 1 }] },
    }),
  );
  const journey = await unwrap(
    client.POST('/flow-management/rest/v3/checkout-journey', { body: { source: 'cart' } }),
  );
  const addresses = await unwrap(client.GET('/cfs/rest/v3/customer-address', {}));
  const methods = await unwrap(
    client.GET('/ofs/rest/v3/payment-types', { params: { query: { checkout_id: 'x' } } }),
  );
  const status = await unwrap(
    client.PUT('/cfs/rest/v3/check-order-status/{orderId}', { params: { path: { orderId: 1 } } }),
  );
  const categories = await unwrap(
    client.GET('/pbs/rest/v3/categories', { params: { query: { page_number: -1 } } }),
  );
  return [page, product, login, cart, added, journey, addresses, methods, status, categories] as const;
}
