/**
 * `page_number` (and the wishlist's `page-number`) that asks for every page in one answer, e.g.
 * `client.GET('/pbs/rest/v3/faqs', { params: { query: { page_number: ALL_PAGES } } })` or
 * `sdk.cart.get({ page_number: ALL_PAGES })`. The answer's `pagination.page_number` is then `-1` too.
 */
export const ALL_PAGES = -1;
