import { DEFAULT_MAX_PRICE, parseListingFilters } from '@marketkit/hooks/core';
import type { LoaderFunctionArgs } from 'react-router';
import { pincodeChoice } from '../server/preferences.server.ts';
import { screenLoader } from '../server/screen.server.ts';

/** The listing's page of products for the URL's filters, and the categories of its filter. */
const screen = screenLoader((catalogue, { scope, store }) => {
  const maxPrice = store.settings?.store_settings_data[0]?.max_product_price || DEFAULT_MAX_PRICE;
  return [catalogue.products(parseListingFilters(scope.url.searchParams, maxPrice)), catalogue.categories()];
});

/** A pincode submitted without code is saved first; the listing then shows the products for it. */
export function loader(args: LoaderFunctionArgs) {
  const choice = pincodeChoice(new URL(args.request.url));
  if (choice) throw choice;
  return screen(args);
}
