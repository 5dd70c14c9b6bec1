import { unwrap } from '@marketkit/sdk';
import { signedInShopper } from './shopper-client.ts';

/** The shopper's server-side cart and wishlist, to set a test's scene. */
export async function shopperApi(servicesHost: string, store: string) {
  const client = await signedInShopper(servicesHost, store);
  const cart = async () =>
    (await unwrap(client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } })))
      .Products;
  return {
    cart,
    quantityOf: async (productId: number) =>
      (await cart()).find((line) => line.product === productId)?.cart_quantity ?? 0,
    clearCart: () => unwrap(client.DELETE('/cfs/rest/v3/customer-cart')),
    addToCart: (productId: number, quantity: number) =>
      unwrap(
        client.POST('/cfs/rest/v3/customer-cart', {
          body: { customer_cart: [{ product: productId, cart_quantity: quantity }] },
        }),
      ),
    wishlist: async () =>
      (
        await unwrap(
          client.GET('/cfs/rest/v3/customer-wishlist', { params: { query: { 'page-number': -1 } } }),
        )
      ).Products.map((item) => item.product),
    clearWishlist: async () => {
      const list = await unwrap(
        client.GET('/cfs/rest/v3/customer-wishlist', { params: { query: { 'page-number': -1 } } }),
      );
      for (const item of list.Products)
        await unwrap(
          client.DELETE('/cfs/rest/v3/customer-wishlist/{wishlistId}', {
            params: { path: { wishlistId: item.id } },
          }),
        );
    },
  };
}
