import { DEFAULT_MAX_PRICE, parseListingFilters } from '@marketkit/hooks/core';
import { screenLoader } from '../server/screen.server.ts';

/** The listing's page of products for the URL's filters, and the categories of its filter. */
export const loader = screenLoader((catalogue, { scope, store }) => {
  const maxPrice = store.settings?.store_settings_data[0]?.max_product_price || DEFAULT_MAX_PRICE;
  return [catalogue.products(parseListingFilters(scope.url.searchParams, maxPrice)), catalogue.categories()];
});
