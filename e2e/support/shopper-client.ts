import { createMarketClient, createMemoryTokenStore, type MarketClient, unwrap } from '@marketkit/sdk';

/** The seeded shopper, signed in through the SDK: tests set their scene with the typed client. */
export async function signedInShopper(servicesHost: string, store: string): Promise<MarketClient> {
  const tokens = createMemoryTokenStore();
  const client = createMarketClient({ servicesHost, store, tokens, locks: null });
  const grant = await unwrap(
    client.POST('/ums/rest/v3/login', { body: { username: 'shopper@example.com', password: 'Password123' } }),
  );
  if (grant.login_status !== 'SUCCESS') throw new Error('The seeded shopper needs no device check');
  tokens.set(grant);
  return client;
}

/** The delivery address the journeys use: Johannesburg, pincode 2001 (every demo zone delivers there). */
export const SHOPPER_ADDRESS = {
  full_name: 'Asha Shopper',
  phone: '9876543210',
  extension: '+91',
  address_line_1: '1 Main Road',
  city: 'Johannesburg',
  state: 'Gauteng',
  country: 'South Africa',
  pincode: '2001',
  address_type: 'delivery' as const,
};

/** The shopper's first saved address, saved as the default first when there is none. */
export async function ensureAddress(client: MarketClient) {
  const saved = (await unwrap(client.GET('/cfs/rest/v3/customer-address', {}))).data[0];
  return (
    saved ??
    (await unwrap(
      client.POST('/cfs/rest/v3/customer-address', { body: { ...SHOPPER_ADDRESS, is_default: true } }),
    ))
  );
}

/** The first slot of a service that still has room. */
export async function firstFreeSlot(client: MarketClient, productId: number) {
  const slots = await unwrap(
    client.GET('/sos/rest/v3/slots', { params: { query: { product_id: productId } } }),
  );
  return slots.data.find((slot) => slot.booked < slot.capacity)?.slot_id;
}

/** A buy-now order of one product (with a slot for a service), placed as the storefront places it. */
export async function placeBuyNowOrder(
  client: MarketClient,
  options: { productId: number; addressId: number; paymentMethodId: number; slotId?: number },
) {
  const checkout = await unwrap(
    client.POST('/flow-management/rest/v3/checkout-journey', {
      body: {
        source: 'buy_now',
        buy_now_item: {
          product_id: options.productId,
          quantity: 1,
          ...(options.slotId ? { slot_id: options.slotId } : {}),
        },
      },
    }),
  );
  const created = await unwrap(
    client.POST('/ofs/rest/v3/orders', {
      body: {
        checkout_id: checkout.checkout_id,
        delivery_address_id: options.addressId,
        billing_address_id: options.addressId,
        payment_method_ids: [options.paymentMethodId],
      },
    }),
  );
  return unwrap(
    client.GET('/ofs/rest/v3/orders/{orderId}', { params: { path: { orderId: created.order_id } } }),
  );
}
