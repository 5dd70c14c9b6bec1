import { productIdFromSearch } from '../catalogue/links.ts';
import { screenLoader } from '../server/screen.server.ts';

/** The product (its reviews and questions come in the browser, below the fold). */
export const loader = screenLoader((catalogue, { scope }) => {
  const productId = productIdFromSearch(scope.url.search);
  return productId === null ? [] : [catalogue.product(productId)];
});
