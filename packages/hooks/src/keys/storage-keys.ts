/** Storage keys: the product's own names where it has them, ours otherwise. */
export const STORAGE_KEYS = {
  storeName: 'store_name',
  storeFullName: 'store_full_name',
  /** `{realm}:{id}` of the last validated store: settings then load alongside validation. */
  storeId: 'marketkit_store_id',
  language: 'ln',
  direction: 'direction',
  slots: 'slot_selected',
  wishlist: 'wish_list',
  payDone: 'payDone',
  orderId: 'orderID',
  guestCart: 'guest_cart',
  buyNow: 'buy_now',
  pincode: 'pincode',
  mergeJournal: 'guest_cart_merge',
  /** Product ids the shopper looked at, most recent first (recommendations, the home page). */
  recentlyViewed: 'recently_viewed',
} as const;
