import type { Schema } from '@marketkit/sdk';

type ProductTypeName = Schema<'ProductTypeName'>;
type ItemType = Schema<'ItemType'>;

/** Spec §9: items per page and the store's maximum price when its settings give none. */
export const ITEMS_PER_PAGE = 10;
export const DEFAULT_MAX_PRICE = 500_000;
/** The item-kind filter value meaning all three kinds (the contract's comma-joined list). */
export const ALL_ITEM_TYPES = 'standard_item,request_item,free_item';
export const ITEM_TYPES: readonly ItemType[] = ['standard_item', 'request_item', 'free_item'];
export const PRODUCT_TYPES: readonly ProductTypeName[] = [
  'Physical Product',
  'Service Product',
  'Digital Product',
  'Subscription Product',
  'Bundled Product',
  'Packaged Service Product',
  'API Product',
];
export const SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'rating', 'discount'] as const;
export type Sort = (typeof SORTS)[number];
export const MAX_SEARCH_LENGTH = 100;

/** A listing as the URL describes it: shareable, and Back returns to it. */
export interface ListingFilters {
  category: number | null;
  search: string;
  productType: ProductTypeName | null;
  itemType: ItemType | typeof ALL_ITEM_TYPES | null;
  minPrice: number | null;
  maxPrice: number | null;
  sort: Sort;
  page: number;
}

export const DEFAULT_LISTING: ListingFilters = {
  category: null,
  search: '',
  productType: null,
  itemType: null,
  minPrice: null,
  maxPrice: null,
  sort: 'relevance',
  page: 1,
};

const positiveInteger = (value: string | null) => {
  if (value === null || !/^\d{1,9}$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
};

const amount = (value: string | null, ceiling: number) => {
  if (value === null || !/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  return Math.min(Number(value), ceiling);
};

/**
 * Reads listing filters from a query string, keeping only valid values: a page is a whole number from
 * 1, prices lie between 0 and the store's maximum (a minimum above the maximum is dropped), unknown
 * types and sorts fall back to none and relevance, and search text is trimmed to 100 characters.
 */
export function parseListingFilters(
  query: string | URLSearchParams,
  storeMaxPrice: number = DEFAULT_MAX_PRICE,
): ListingFilters {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const ceiling = storeMaxPrice > 0 ? storeMaxPrice : DEFAULT_MAX_PRICE;
  const productType = params.get('type');
  const itemType = params.get('kind');
  const sort = params.get('sort');
  const maxPrice = amount(params.get('max'), ceiling);
  let minPrice = amount(params.get('min'), ceiling);
  if (minPrice !== null && maxPrice !== null && minPrice > maxPrice) minPrice = null;
  return {
    category: positiveInteger(params.get('category')),
    search: (params.get('search') ?? '').trim().slice(0, MAX_SEARCH_LENGTH),
    productType: PRODUCT_TYPES.find((type) => type === productType) ?? null,
    itemType:
      itemType === ALL_ITEM_TYPES ? ALL_ITEM_TYPES : (ITEM_TYPES.find((type) => type === itemType) ?? null),
    minPrice: minPrice === 0 ? null : minPrice,
    maxPrice: maxPrice === ceiling ? null : maxPrice,
    sort: SORTS.find((value) => value === sort) ?? 'relevance',
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The canonical query string of a listing (defaults left out, a stable order): `category=3&page=2`. */
export function listingSearch(filters: ListingFilters): string {
  const params = new URLSearchParams();
  if (filters.category !== null) params.set('category', String(filters.category));
  if (filters.search.trim()) params.set('search', filters.search.trim());
  if (filters.productType) params.set('type', filters.productType);
  if (filters.itemType) params.set('kind', filters.itemType);
  if (filters.minPrice !== null) params.set('min', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('max', String(filters.maxPrice));
  if (filters.sort !== 'relevance') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params.toString();
}

/** A change of any filter but the page starts again from page 1. */
export function changeListing(filters: ListingFilters, change: Partial<ListingFilters>): ListingFilters {
  const next = { ...filters, ...change };
  return 'page' in change ? next : { ...next, page: 1 };
}

/** The query of `GET /pbs/rest/v3/products` for a listing. */
export function productsQuery(filters: ListingFilters, perPage: number = ITEMS_PER_PAGE) {
  return {
    ...(filters.category !== null ? { category_id: filters.category } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
    ...(filters.productType ? { product_type: filters.productType } : {}),
    ...(filters.itemType ? { item_type: filters.itemType } : {}),
    ...(filters.minPrice !== null ? { min_price: filters.minPrice } : {}),
    ...(filters.maxPrice !== null ? { max_price: filters.maxPrice } : {}),
    sort: filters.sort,
    page_number: filters.page,
    page_limit: perPage,
  };
}

/** Pages of a result (at least 1). */
export const pageCount = (total: number, perPage: number = ITEMS_PER_PAGE) =>
  Math.max(1, Math.ceil(Math.max(0, total) / perPage));

/** What the product's main button does. */
export type ProductAction = 'request' | 'go-to-cart' | 'add-to-cart' | 'out-of-stock';

/**
 * Request-based products are requested, never added; a product already in the cart offers "Go to
 * cart"; a physical or bundled product with no stock cannot be added.
 */
export function productAction(
  product: Pick<Schema<'ProductSummary'>, 'item_type' | 'purchase_mode' | 'quantity' | 'product_type_name'>,
  inCart: boolean,
): ProductAction {
  if (product.item_type === 'request_item' || product.purchase_mode === 'request_based') return 'request';
  if (inCart) return 'go-to-cart';
  const stocked =
    product.product_type_name === 'Physical Product' || product.product_type_name === 'Bundled Product';
  if (stocked && product.quantity <= 0) return 'out-of-stock';
  return 'add-to-cart';
}

/** Whether buying needs a chosen slot first (services that book slots). */
export const needsSlot = (product: Pick<Schema<'ProductDetail'>, 'product_type_name' | 'type_details'>) =>
  (product.product_type_name === 'Service Product' &&
    product.type_details.service?.slot_booking_required === true) ||
  product.product_type_name === 'Packaged Service Product';

/** Whether a product page offers the delivery check by pincode. */
export const checksDelivery = (product: Pick<Schema<'ProductSummary'>, 'product_type_name'>) =>
  product.product_type_name === 'Physical Product' || product.product_type_name === 'Bundled Product';

/** A product's image paths: `images`, else the comma-separated `product_image`; empty entries dropped. */
export function productImages(product: {
  images?: readonly string[];
  product_image?: string | null;
}): string[] {
  const list =
    product.images && product.images.length > 0 ? product.images : (product.product_image ?? '').split(',');
  return list.map((path) => path.trim()).filter(Boolean);
}

/** Spec §9: the estimated delivery in days when the store or the product gives none. */
export const DEFAULT_DELIVERY_DAYS = 2;

/** Slots grouped by date, dates and times in order; full slots kept (shown as unavailable). */
export function slotsByDate(slots: readonly Schema<'Slot'>[]): { date: string; slots: Schema<'Slot'>[] }[] {
  const groups = new Map<string, Schema<'Slot'>[]>();
  for (const slot of [...slots].sort((a, b) =>
    a.slot_date === b.slot_date
      ? a.start_time.localeCompare(b.start_time)
      : a.slot_date.localeCompare(b.slot_date),
  )) {
    const group = groups.get(slot.slot_date) ?? [];
    group.push(slot);
    groups.set(slot.slot_date, group);
  }
  return [...groups].map(([date, list]) => ({ date, slots: list }));
}

export const isSlotFull = (slot: Pick<Schema<'Slot'>, 'capacity' | 'booked'>) => slot.booked >= slot.capacity;

/** The contract's limit on recently viewed ids sent for recommendations. */
export const RECENTLY_VIEWED_LIMIT = 50;

/** Records a view: most recent first, each product once, at most 50. */
export function recordView(list: readonly number[], productId: number): number[] {
  return [productId, ...list.filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_LIMIT);
}

/** A stored recently-viewed list, keeping the valid ids (positive integers, no repeats, at most 50). */
export function sanitizeRecentlyViewed(value: unknown): { value: number[]; dropped: number } {
  if (!Array.isArray(value)) return { value: [], dropped: value === null || value === undefined ? 0 : 1 };
  const kept: number[] = [];
  for (const id of value)
    if (Number.isSafeInteger(id) && (id as number) > 0 && !kept.includes(id as number))
      kept.push(id as number);
  return {
    value: kept.slice(0, RECENTLY_VIEWED_LIMIT),
    dropped: value.length - Math.min(kept.length, RECENTLY_VIEWED_LIMIT),
  };
}
