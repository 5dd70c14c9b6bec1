import { storeKeys } from './query-keys.ts';

/** Query keys of a shopper's checkout, addresses, orders and services (kept apart from the boot script). */
function accountKeys(store: string) {
  return {
    consents: () => [store, 'consents'] as const,
    recaptcha: () => [store, 'recaptcha'] as const,
    checkout: (checkoutId: string) => [store, 'checkout', checkoutId] as const,
    paymentTypes: (checkoutId: string) => [store, 'payment-types', checkoutId] as const,
    addresses: () => [store, 'addresses'] as const,
    profile: () => [store, 'profile'] as const,
    preferences: () => [store, 'preferences'] as const,
    pincodeCheck: (pincode: string, productIds: readonly number[]) =>
      [store, 'pincode-check', pincode, productIds] as const,
    coupons: (productIds: readonly number[]) => [store, 'coupons', productIds] as const,
    orders: (query: Record<string, unknown>) => [store, 'orders', query] as const,
    order: (orderId: number) => [store, 'order', orderId] as const,
    orderPayment: (orderId: number) => [store, 'order-payment', orderId] as const,
    enquiries: (query: Record<string, unknown>) => [store, 'enquiries', query] as const,
    bookings: (query: Record<string, unknown>) => [store, 'bookings', query] as const,
    training: (orderItemId: number, orderId: number) => [store, 'training', orderItemId, orderId] as const,
    digitalProducts: (query: Record<string, unknown>) => [store, 'digital-products', query] as const,
    devices: () => [store, 'devices'] as const,
    askAi: () => [store, 'ask-ai'] as const,
  };
}

/** Every query key of a store; each starts with the store name so two stores never share a cache entry. */
export function marketKeys(store: string) {
  return { ...storeKeys(store), ...accountKeys(store) };
}
