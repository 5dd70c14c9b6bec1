/**
 * What a screen shows for data it loads: a placeholder, the failure with a way to try again, the empty
 * state, or the data. A list that failed to load is never shown as an empty one.
 */
export type LoadState = 'loading' | 'failed' | 'empty' | 'ready';

/** Where a load stands (a TanStack Query result gives all three). */
export interface LoadProgress {
  /** The data has come, from this request or an earlier one (it may be stale, it may hold nothing). */
  hasData: boolean;
  /** A request for it is under way: the first one, a retry, a refresh. */
  isFetching: boolean;
  /** Why the last request failed; `null` or `undefined` when it did not. */
  error: unknown;
}

/**
 * The state of a screen's data that holds `count` things. Data that came stays on screen when a later
 * refresh fails; without data, a failure shows until a retry is under way, which shows as loading.
 */
export function loadState({ hasData, isFetching, error }: LoadProgress, count: number): LoadState {
  if (hasData) return count > 0 ? 'ready' : 'empty';
  return error != null && !isFetching ? 'failed' : 'loading';
}

/**
 * What a cart badge shows: the units in the cart once they are known, else `null` (the cart is still
 * loading or failed to load: a badge never claims an empty cart it has not seen).
 */
export function cartBadgeCount(state: LoadState, quantity: number): number | null {
  return state === 'ready' || state === 'empty' ? quantity : null;
}
