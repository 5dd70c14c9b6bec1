/**
 * `@marketkit/hooks/store` — one store's market outside any framework: the session (from the token
 * store), language, pincode, the carts and their writes, slot and buy-now selections and the
 * guest-cart merge, with `getState`/`subscribe`. Usable from Node and tests without React;
 * `MarketProvider` from `@marketkit/hooks` hands one to the hooks.
 *
 * @packageDocumentation
 */

export { refetchAfterWrite, toMarketError } from './calls.ts';
export type { CartAddCode, CartAddResult, CartBackend, CartChange, CartLineId } from './cart-backend.ts';
export { QUANTITY_COALESCE_MS } from './cart-backend.ts';
export type { ClientState, MergeJournal, SavedPincode, StoredValue } from './client-state.ts';
export {
  createMarket,
  createMarketQueryClient,
  type Market,
  type MarketLiveOptions,
  type MarketOptions,
  type MarketState,
  shopperOf,
} from './create-market.ts';
export type {
  GuestCartMerge,
  GuestCartMergeState,
  MarketContextValue,
  MarketSnapshot,
  MergeOutcome,
  PageRules,
  SessionSource,
} from './market.ts';
export { createMemoryStorage, type KeyValueStorage } from './storage.ts';
