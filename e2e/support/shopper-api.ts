/** The shopper's server-side cart and wishlist through the services host, to set a test's scene. */
export async function shopperApi(servicesHost: string, store: string) {
  const realm = `${store}-customer`;
  const call = async <T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) => {
    const response = await fetch(`${servicesHost}${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        'Content-Type': 'application/json',
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : { realmname: realm }),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    const body = (await response.json()) as { response_body: T; response_message: string };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${body.response_message}`);
    return body.response_body;
  };
  const { access_token: token } = await call<{ access_token: string }>('/ums/rest/v3/login', {
    body: { username: 'shopper@example.com', password: 'Password123' },
  });
  type Line = { id: number; product: number; cart_quantity: number };
  const cart = async () =>
    (await call<{ Products: Line[] }>('/cfs/rest/v3/customer-cart?page_number=-1', { token })).Products;
  return {
    cart,
    quantityOf: async (productId: number) =>
      (await cart()).find((line) => line.product === productId)?.cart_quantity ?? 0,
    clearCart: () => call('/cfs/rest/v3/customer-cart', { method: 'DELETE', token }),
    addToCart: (productId: number, quantity: number) =>
      call('/cfs/rest/v3/customer-cart', {
        token,
        body: { customer_cart: [{ product: productId, cart_quantity: quantity }] },
      }),
    clearWishlist: async () => {
      const list = await call<{ Products: { id: number }[] }>(
        '/cfs/rest/v3/customer-wishlist?page-number=-1',
        { token },
      );
      for (const item of list.Products)
        await call(`/cfs/rest/v3/customer-wishlist/${item.id}`, { method: 'DELETE', token });
    },
  };
}
