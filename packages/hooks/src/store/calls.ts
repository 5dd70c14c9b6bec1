import { isMarketApiError, MarketApiError } from '@marketkit/sdk';
import type { QueryClient, QueryKey } from '@tanstack/query-core';

/**
 * Any failure as the one error type of the hooks. A `MarketApiError` is kept as it is; anything else
 * becomes one of kind `kind`, the original kept as its `cause`: `malformed` (`MALFORMED_REPLY`, the
 * default) for a reply of an unexpected shape that made a query's code throw, `network`
 * (`NETWORK_ERROR`) for code that did not load or a lock the browser refused.
 */
export function toMarketError(error: unknown, kind: 'malformed' | 'network' = 'malformed'): MarketApiError {
  if (isMarketApiError(error)) return error;
  return new MarketApiError({
    kind,
    status: 0,
    method: '',
    url: '',
    // Words for developers (`message`): a shopper is shown the app's text for the code.
    description:
      kind === 'malformed'
        ? 'The reply could not be used.'
        : error instanceof Error
          ? error.message
          : String(error),
    cause: error,
  });
}

/** A query's or mutation's error as the hooks give it: `MarketApiError | null`. */
export const marketErrorOrNull = (error: unknown): MarketApiError | null =>
  error === null || error === undefined ? null : toMarketError(error);

/** Runs `work`, failing only with a `MarketApiError`. */
export async function asMarketCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toMarketError(error);
  }
}

/**
 * Reads the queries under each of `queryKeys` again after a write, each from a request sent after it:
 * the one way every hook refetches after a write. A first read still under way was sent before the
 * write, and `invalidateQueries` alone reuses it for a query that has no data yet (its `cancelRefetch`
 * cancels only a fetch of a query that has data): the page then keeps the state from before the
 * write. Cancelling first makes every refetch a new request.
 */
export async function refetchAfterWrite(queryClient: QueryClient, ...queryKeys: QueryKey[]): Promise<void> {
  await Promise.all(queryKeys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
