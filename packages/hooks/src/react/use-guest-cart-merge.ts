import type { MarketApiError } from '@marketkit/sdk';
import type { GuestCartMergeStatus } from '../core/index.ts';
import type { MergeOutcome } from '../store/market.ts';
import { useMarket } from './provider.tsx';
import { useMarketState } from './use-store-sync.ts';

/** What `useGuestCartMerge()` gives: the provider's one merge, the same in every component. */
export interface UseGuestCartMergeResult {
  /**
   * `idle` (not run in this session), `merging`, `done`, or `failed` (see `error`; call `merge()` to
   * try again: lines the server has not confirmed are still on this device, and are sent once).
   */
  status: GuestCartMergeStatus;
  /** What the last merge that finished did: products merged, products refused with the server's message. */
  outcome: MergeOutcome | null;
  /** Why the last merge failed, or null. */
  error: MarketApiError | null;
  /**
   * Runs the merge now, or joins the one under way (there is one per provider). Resolves with its
   * outcome; rejects with the `MarketApiError` it failed with (also in `error`).
   */
  merge(): Promise<MergeOutcome>;
}

/**
 * The guest-cart merge: after sign-in this device's cart joins the server cart. The provider runs it by
 * itself once a shopper with a guest cart is signed in, on any page the app's
 * `MarketProviderProps.mergeBlockedOn` does not block (`guestCartMerge: 'manual'` turns that off); any
 * component may read where it stands or run it.
 */
export function useGuestCartMerge(): UseGuestCartMergeResult {
  const market = useMarket();
  const { status, outcome, error } = useMarketState(market, (state) => state.merge);
  return { status, outcome, error, merge: market.guestCartMerge.run };
}
