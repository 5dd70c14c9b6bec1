// The seeded demo shopper seen from Node through the SDK: to set a scene (clear or fill the server
// cart) and to check what a browser flow did to it.
import { createMarketClient, createMemoryTokenStore, unwrap } from '@marketkit/sdk';
import { SHOPPER } from './browser.mjs';

export async function shopperApi(sandboxUrl) {
  const tokens = createMemoryTokenStore();
  const client = createMarketClient({ servicesHost: sandboxUrl, store: 'demo', tokens, locks: null });
  const grant = await unwrap(client.POST('/ums/rest/v3/login', { body: SHOPPER }));
  if (grant.login_status !== 'SUCCESS')
    throw new Error('The seeded shopper should sign in without a device check');
  tokens.set(grant);
  const cart = async () =>
    (await unwrap(client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } })))
      .Products;
  return {
    cart,
    clearCart: () => unwrap(client.DELETE('/cfs/rest/v3/customer-cart')),
    addToCart: (productIds, quantity = 1) =>
      unwrap(
        client.POST('/cfs/rest/v3/customer-cart', {
          body: { customer_cart: productIds.map((product) => ({ product, cart_quantity: quantity })) },
        }),
      ),
  };
}
