/**
 * `@marketkit/hooks` — headless React hooks for Marketkit storefronts. Rules live in
 * `@marketkit/hooks/core`; these hooks host them.
 *
 * @packageDocumentation
 */
export { type MarketKeys, marketKeys, STORAGE_KEYS } from '../keys/index.ts';
export type {
  ClientState,
  MergeJournal,
  SavedPincode,
  StoredValue,
} from './client-state.ts';
export { deviceIdentity } from './device.ts';
export type { DownloadedFile } from './download.ts';
export type { GuestCartMerge, GuestCartMergeState } from './guest-cart-merge.ts';
export type { MergeOutcome } from './merge-runner.ts';
export {
  createMarketQueryClient,
  type MarketContextValue,
  MarketProvider,
  type MarketProviderProps,
  type MarketSnapshot,
  type SessionSource,
  useMarket,
} from './provider.tsx';
export { createMemoryStorage, type KeyValueStorage } from './storage.ts';
export { useAddresses, useCoupons, usePincodeCheck } from './use-addresses.ts';
export { useAiConfiguration } from './use-ai-configuration.ts';
export { type AiExchange, type AskAiApi, useAskAi } from './use-ask-ai.ts';
export {
  type UseAuthFlowsResult,
  type UseSignupRequirementsResult,
  useAuthFlows,
  useSignupRequirements,
} from './use-auth.ts';
export { type CartApi, QUANTITY_COALESCE_MS, useCart } from './use-cart.ts';
export {
  CATALOGUE_STALE_MS,
  type CatalogueQueryOptions,
  useCategories,
  usePolicies,
} from './use-categories.ts';
export { useBuyNow, usePincode, useSlots, useStartCheckout } from './use-checkout.ts';
export { useCheckout, useOrderPaymentCheck, useStartPayment } from './use-checkout-flow.ts';
export { type DevicesApi, useDevices } from './use-devices.ts';
export { type UseGuestCartMergeResult, useGuestCartMerge } from './use-guest-cart-merge.ts';
export { type UseLanguageOptions, type UseLanguageResult, useLanguage } from './use-language.ts';
export {
  type ReorderResult,
  useCancelOrder,
  useEnquiries,
  useInvoice,
  useOrder,
  useOrders,
  useRateProduct,
  useReorder,
  useReturnOrReplace,
} from './use-orders.ts';
export { usePaymentPending, usePaymentReturnCheck } from './use-payment-return.ts';
export { usePolicy, useStoreFaqs } from './use-policy.ts';
export { useAvailability, useProduct, useProductSlots } from './use-product.ts';
export { useEnquiry, useProductFaqs, useProductRatings } from './use-product-extras.ts';
export { useDeals, useProducts, useRecommendations } from './use-products.ts';
export { useProductsById } from './use-products-by-id.ts';
export {
  ProfileImageRefusedError,
  useChangePassword,
  usePreferences,
  useProfile,
  useProfileImage,
} from './use-profile.ts';
export { useRecentlyViewed } from './use-recently-viewed.ts';
export {
  type BookingRef,
  type BookingsQuery,
  useBookings,
  useCancelBooking,
  useDigitalDownload,
  useDigitalProducts,
  useRescheduleBooking,
  useTrainingOverview,
} from './use-services.ts';
export { type LoginResult, type UseSessionResult, useSession } from './use-session.ts';
export {
  type StoreBootstrapBase,
  type UseStoreBootstrapResult,
  type UseThemeResult,
  useCurrency,
  useStoreBootstrap,
  useTheme,
} from './use-store.ts';
export { useWishlist } from './use-wishlist.ts';
