/**
 * `@marketkit/hooks` — headless React hooks for Marketkit storefronts. Rules live in
 * `@marketkit/hooks/core`; these hooks host them.
 *
 * @packageDocumentation
 */
export { type ClientState, type MergeJournal, type SavedPincode, STORAGE_KEYS } from './client-state.ts';
export type { MergeOutcome } from './merge-runner.ts';
export {
  createMarketQueryClient,
  type MarketContextValue,
  MarketProvider,
  type MarketProviderProps,
  useMarket,
} from './provider.tsx';
export { marketKeys } from './query-keys.ts';
export { createMemoryStorage, type KeyValueStorage } from './storage.ts';
export {
  type CartApi,
  type GuestCartMergeApi,
  QUANTITY_COALESCE_MS,
  useCart,
  useGuestCartMerge,
} from './use-cart.ts';
export {
  CATALOGUE_STALE_MS,
  type CatalogueQueryOptions,
  PRODUCT_STALE_MS,
  useAvailability,
  useCategories,
  useDeals,
  useEnquiry,
  usePolicies,
  useProduct,
  useProductFaqs,
  useProductRatings,
  useProductSlots,
  useProducts,
  useProductsById,
  useRecentlyViewed,
  useRecommendations,
} from './use-catalogue.ts';
export {
  useBuyNow,
  useCheckout,
  usePaymentReturnCheck,
  usePincode,
  useSlots,
  useStartCheckout,
} from './use-checkout.ts';
export { useLanguage } from './use-language.ts';
export { type LoginResult, type SessionApi, useSession } from './use-session.ts';
export { useStoreBootstrap, useTheme } from './use-store.ts';
export { useAiConfiguration, useWishlist } from './use-wishlist.ts';
