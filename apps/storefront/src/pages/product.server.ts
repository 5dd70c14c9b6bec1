import { chosenPincode, PINCODE_PARAM, showsSlots } from '@marketkit/hooks/core';
import { productIdFromSearch } from '../catalogue/links.ts';
import { screenLoader } from '../server/screen.server.ts';

/**
 * The product, and a service's slots: the slot choice is on the page from its first paint, so a pick
 * made before the code runs is there for it to keep (its reviews and questions come in the browser).
 * A pincode checked without code (in the address) comes with its answer.
 */
export const loader = screenLoader(async (catalogue, { scope }) => {
  const productId = productIdFromSearch(scope.url.search);
  if (productId === null) return [];
  const product = catalogue.product(productId);
  const pincode = chosenPincode(scope.url.searchParams.get(PINCODE_PARAM));
  const availability = pincode === null ? [] : [catalogue.availability(productId, pincode)];
  const item = await scope.fetch(product);
  return item && showsSlots(item)
    ? [product, catalogue.slots(productId), ...availability]
    : [product, ...availability];
});
