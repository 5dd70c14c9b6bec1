/** Query keys; each starts with the store name so two stores never share a cache entry. */
export function marketKeys(store: string) {
  return {
    all: [store] as const,
    storeValidation: () => [store, 'store-validation'] as const,
    settings: (storeId: number) => [store, 'content-settings', storeId] as const,
    languages: () => [store, 'languages'] as const,
    policies: () => [store, 'policies'] as const,
    cart: () => [store, 'cart'] as const,
    wishlist: (filters: { search?: string; type?: string }) => [store, 'wishlist', filters] as const,
    aiConfiguration: () => [store, 'ai-configuration'] as const,
    checkout: (checkoutId: string) => [store, 'checkout', checkoutId] as const,
    paymentTypes: (checkoutId: string) => [store, 'payment-types', checkoutId] as const,
  };
}
