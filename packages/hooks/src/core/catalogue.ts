import type { Schema } from '@marketkit/sdk';
import { ITEM_TYPES, PRODUCT_TYPES } from './product-types.ts';

type ProductTypeName = Schema<'ProductTypeName'>;
type ItemType = Schema<'ItemType'>;

/** Items per page and the store's maximum price when its settings give none. */
export const ITEMS_PER_PAGE = 10;
export const DEFAULT_MAX_PRICE = 500_000;
/** The item-kind filter value meaning all three kinds (the contract's comma-joined list). */
export const ALL_ITEM_TYPES = 'standard_item,request_item,free_item';
export { ITEM_TYPES, PRODUCT_TYPES } from './product-types.ts';
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

/** The home page's deals: products on a deal, biggest discount first. */
export const dealsQuery = (limit = 10) =>
  ({ is_deal: true, sort: 'discount', page_number: 1, page_limit: limit }) as const;

/** Pages of a result (at least 1). */
export const pageCount = (total: number, perPage: number = ITEMS_PER_PAGE) =>
  Math.max(1, Math.ceil(Math.max(0, total) / perPage));
