/**
 * `@marketkit/hooks/core` — the storefront's rules as pure, framework-free functions and reducers.
 *
 * @packageDocumentation
 */
export {
  ALL_ITEM_TYPES,
  changeListing,
  DEFAULT_LISTING,
  DEFAULT_MAX_PRICE,
  dealsQuery,
  ITEM_TYPES,
  ITEMS_PER_PAGE,
  type ListingFilters,
  listingSearch,
  MAX_SEARCH_LENGTH,
  PRODUCT_TYPES,
  pageCount,
  parseListingFilters,
  productsQuery,
  SORTS,
  type Sort,
} from './catalogue.ts';
export {
  type CheckoutSteps,
  checkoutSteps,
  initialPaymentSelection,
  isOrderPaid,
  isPaymentSelectionSatisfied,
  PAID_MESSAGE,
  type PaymentReturnAction,
  type PaymentSelectionEvent,
  type PaymentSelectionState,
  paymentReturnAction,
  paymentSelectionReducer,
} from './checkout.ts';
export {
  bytesToMegabytes,
  discountPercent,
  formatDate,
  formatDateBritish,
  formatDuration,
  formatMegabytes,
  formatPrice,
  formatTime,
  formatWeekdays,
  joinList,
  showsPrice,
} from './format.ts';
export {
  type BuyNowItem,
  type CartDisplayItem,
  cartTotals,
  EMPTY_GUEST_CART,
  type GuestCartEvent,
  type GuestCartItem,
  type GuestCartState,
  guestCartDisplay,
  guestCartKey,
  guestCartReducer,
  isInGuestCart,
  MAX_CART_QUANTITY,
  mainImage,
  maxQuantity,
  type SlotEvent,
  type SlotSelection,
  sanitizeBuyNow,
  sanitizeGuestCart,
  sanitizeSlots,
  serverCartDisplay,
  slotReducer,
  toCartQuantity,
} from './guest-cart.ts';
export {
  type Direction,
  directionOf,
  FALLBACK_LANGUAGE,
  type LanguageDecision,
  languageFromPath,
  refetchInLanguage,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
} from './language.ts';
export {
  type GuestCartMergePlan,
  type MergeTargets,
  planGuestCartMerge,
  planResumableMerge,
  type ResumableMergePlan,
  shouldAddPendingBuyNow,
  shouldMergeGuestCartOn,
} from './merge.ts';
export { type PersistedEnvelope, type PersistedRead, readPersisted, writePersisted } from './persisted.ts';
export {
  ALL_PRODUCTS,
  activePincode,
  isSavablePincode,
  type SavedPincode,
  sanitizeSavedPincode,
} from './pincode.ts';
export {
  checksDelivery,
  DEFAULT_DELIVERY_DAYS,
  estimatedDeliveryDays,
  isSlotFull,
  needsSlot,
  type ProductAction,
  productAction,
  productImages,
  slotsByDate,
} from './product.ts';
export { RECENTLY_VIEWED_LIMIT, recordView, sanitizeRecentlyViewed } from './recently-viewed.ts';
export { RETRY_LIMIT, retryDelay, shouldRetry, shouldRetryTranslation } from './retry.ts';
export { rememberLocation, returnPathOrHome, routeAccess, safeReturnPath } from './return-path.ts';
export {
  decodeToken,
  displayNameOf,
  realmNameOf,
  refetchesStoreStatus,
  refreshesOn401,
  type SessionFromToken,
  type SessionUser,
  sessionFromToken,
  storeRealm,
} from './session.ts';
export {
  type Currency,
  contrastRatio,
  currencyFromSettings,
  DEFAULT_CURRENCY,
  DEFAULT_THEME,
  luminance,
  MIN_TEXT_CONTRAST,
  pageTitle,
  readableText,
  type StoreValidationState,
  settingsStoreId,
  storeIdHint,
  storeIdHintValue,
  storeValidationState,
  type Theme,
  themeCssVariables,
  themeFromSettings,
} from './store.ts';
