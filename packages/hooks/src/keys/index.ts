/**
 * The keys the hooks and `@marketkit/hooks/prefetch` share: TanStack Query keys and storage keys. No
 * React here, so the prefetch entry can use them without pulling React in.
 */
export { isShopperScoped, type MarketKeys, marketKeys, storeKeys } from './query-keys.ts';
export { STORAGE_KEYS } from './storage-keys.ts';
