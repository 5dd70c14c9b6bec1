// The lists most first visits show, fetched by the boot script beside the store calls. Literal here
// (the boot script stays small); a test keeps them equal to what the screens ask for.

/** `productsQuery(DEFAULT_LISTING)`: the plain listing's first page. */
export const FIRST_LISTING = { sort: 'relevance', page_number: 1, page_limit: 10 } as const;
/** `dealsQuery()`: the home page's deals. */
export const DEALS = { is_deal: true, sort: 'discount', page_number: 1, page_limit: 10 } as const;
