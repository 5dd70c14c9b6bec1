/**
 * Query keys of the store and its catalogue (what a first screen loads; the boot prefetch uses these).
 * Each starts with the store name so two stores never share a cache entry. `marketKeys` adds the
 * shopper's checkout, orders and services.
 */
export function storeKeys(store: string) {
  return {
    all: [store] as const,
    storeValidation: () => [store, 'store-validation'] as const,
    settings: (storeId: number) => [store, 'content-settings', storeId] as const,
    languages: () => [store, 'languages'] as const,
    policies: () => [store, 'policies'] as const,
    categories: () => [store, 'categories'] as const,
    products: (query: Record<string, unknown>) => [store, 'products', query] as const,
    product: (productId: number) => [store, 'product', productId] as const,
    ratings: (productId: number, page: number) => [store, 'ratings', productId, page] as const,
    faqs: (productId: number) => [store, 'faqs', productId] as const,
    availability: (productId: number, pincode: string) =>
      [store, 'availability', productId, pincode] as const,
    slots: (productId: number) => [store, 'slots', productId] as const,
    recommendations: (query: Record<string, unknown>) => [store, 'recommendations', query] as const,
    cart: () => [store, 'cart'] as const,
    wishlist: (filters: { search?: string; type?: string }) => [store, 'wishlist', filters] as const,
    aiConfiguration: () => [store, 'ai-configuration'] as const,
    policy: (slug: string) => [store, 'policy', slug] as const,
    storeFaqs: () => [store, 'store-faqs'] as const,
  };
}

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

/** Store-wide answers that are the same for every shopper: they outlive a session. */
const PUBLIC_SCOPES = new Set([
  'store-validation',
  'content-settings',
  'languages',
  'policies',
  'categories',
  'policy',
  'store-faqs',
]);

/** Whether a cached answer may belong to the shopper (so it goes when the session ends). */
export const isShopperScoped = (queryKey: readonly unknown[]) => !PUBLIC_SCOPES.has(String(queryKey[1]));

/** Every query key of one store (`marketKeys(store)`). */
export type MarketKeys = ReturnType<typeof marketKeys>;
