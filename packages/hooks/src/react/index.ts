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
} from '../store/client-state.ts';
export {
  createMarket,
  createMarketQueryClient,
  type Market,
  type MarketContextValue,
  type MarketLiveOptions,
  type MarketOptions,
  type MarketSnapshot,
  type MarketState,
  type PageRules,
  type SessionSource,
} from '../store/index.ts';
export type { GuestCartMerge, GuestCartMergeState, MergeOutcome } from '../store/market.ts';
export { createMemoryStorage, type KeyValueStorage } from '../store/storage.ts';
export { deviceIdentity } from './device.ts';
export type { DownloadedFile } from './download.ts';
export { type MarketQueryResult, toMarketError } from './market-query.ts';
export {
  MarketProvider,
  type MarketProviderProps,
  type MarketProviderWithMarketProps,
  useMarket,
} from './provider.tsx';
export {
  type UseAddressesResult,
  type UseCouponsResult,
  type UsePincodeCheckResult,
  useAddresses,
  useCoupons,
  usePincodeCheck,
} from './use-addresses.ts';
export { type UseAiConfigurationResult, useAiConfiguration } from './use-ai-configuration.ts';
export { type AiExchange, type UseAskAiResult, useAskAi } from './use-ask-ai.ts';
export {
  type UseAuthFlowsResult,
  type UseSignupRequirementsResult,
  useAuthFlows,
  useSignupRequirements,
} from './use-auth.ts';
export {
  type CartAddCode,
  type CartAddResult,
  type CartLineId,
  QUANTITY_COALESCE_MS,
  type UseCartResult,
  useCart,
} from './use-cart.ts';
export {
  CATALOGUE_STALE_MS,
  type CatalogueQueryOptions,
  type UseCategoriesResult,
  type UsePoliciesResult,
  useCategories,
  usePolicies,
} from './use-categories.ts';
export {
  type UseBuyNowResult,
  type UsePincodeResult,
  type UseSlotsResult,
  type UseStartCheckoutResult,
  useBuyNow,
  usePincode,
  useSlots,
  useStartCheckout,
} from './use-checkout.ts';
export {
  type UseCheckoutResult,
  type UseOrderPaymentCheckResult,
  type UseStartPaymentResult,
  useCheckout,
  useOrderPaymentCheck,
  useStartPayment,
} from './use-checkout-flow.ts';
export { type UseDevicesResult, useDevices } from './use-devices.ts';
export { type UseGuestCartMergeResult, useGuestCartMerge } from './use-guest-cart-merge.ts';
export { type UseLanguageOptions, type UseLanguageResult, useLanguage } from './use-language.ts';
export {
  type EnquiriesQuery,
  type ReorderResult,
  type UseCancelOrderResult,
  type UseEnquiriesResult,
  type UseInvoiceResult,
  type UseOrderResult,
  type UseOrdersOptions,
  type UseOrdersResult,
  type UseRateProductResult,
  type UseReorderResult,
  type UseReturnOrReplaceResult,
  useCancelOrder,
  useEnquiries,
  useInvoice,
  useOrder,
  useOrders,
  useRateProduct,
  useReorder,
  useReturnOrReplace,
} from './use-orders.ts';
export { usePaymentPending } from './use-payment-pending.ts';
export { type PaymentReturnCallbacks, usePaymentReturnCheck } from './use-payment-return.ts';
export { type UsePolicyResult, type UseStoreFaqsResult, usePolicy, useStoreFaqs } from './use-policy.ts';
export {
  type UseAvailabilityResult,
  type UseProductResult,
  type UseProductSlotsResult,
  useAvailability,
  useProduct,
  useProductSlots,
} from './use-product.ts';
export {
  type EnquiryInput,
  type UseEnquiryResult,
  type UseProductFaqsResult,
  type UseProductRatingsResult,
  useEnquiry,
  useProductFaqs,
  useProductRatings,
} from './use-product-extras.ts';
export {
  type ProductFilters,
  type RecommendationsOptions,
  type UseDealsResult,
  type UseProductsOptions,
  type UseProductsResult,
  type UseRecommendationsResult,
  useDeals,
  useProducts,
  useRecommendations,
} from './use-products.ts';
export { type UseProductsByIdResult, useProductsById } from './use-products-by-id.ts';
export {
  isProfileImageRefusal,
  type ProfileImageProblem,
  type ProfileImageRefusal,
  type UseChangePasswordResult,
  type UsePreferencesResult,
  type UseProfileImageResult,
  type UseProfileResult,
  useChangePassword,
  usePreferences,
  useProfile,
  useProfileImage,
} from './use-profile.ts';
export { type UseRecentlyViewedResult, useRecentlyViewed } from './use-recently-viewed.ts';
export {
  type BookingRef,
  type BookingsQuery,
  type UseBookingsResult,
  type UseCancelBookingResult,
  type UseDigitalDownloadResult,
  type UseDigitalProductsResult,
  type UseRescheduleBookingResult,
  type UseTrainingOverviewResult,
  useBookings,
  useCancelBooking,
  useDigitalDownload,
  useDigitalProducts,
  useRescheduleBooking,
  useTrainingOverview,
} from './use-services.ts';
export {
  type SignInResult,
  type SignOutResult,
  type UseSessionResult,
  useSession,
} from './use-session.ts';
export {
  type StoreBootstrapBase,
  type UseStoreBootstrapResult,
  type UseThemeResult,
  useCurrency,
  useStoreBootstrap,
  useTheme,
} from './use-store.ts';
export { type UseWishlistResult, useWishlist, type WishlistFilters } from './use-wishlist.ts';
