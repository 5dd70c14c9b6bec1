/** The local image shown where a product or category has none. */
export const PLACEHOLDER_IMAGE = '/placeholder.svg';

export const productHref = (productId: number) => `/ProductDetails?productId=${productId}`;

/** The product a `/ProductDetails` address names (`?productId=1005`), or null. */
export function productIdFromSearch(search: string): number | null {
  const productId = Number(new URLSearchParams(search).get('productId'));
  return Number.isSafeInteger(productId) && productId > 0 ? productId : null;
}

/** One of the shopper's orders (signed-in). */
export const orderHref = (orderId: number) => `/userprofile/order?orderId=${orderId}`;
