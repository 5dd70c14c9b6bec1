import { isMarketApiError, MarketApiError } from '@marketkit/sdk';

/**
 * A failure as the hooks report it: a `MarketApiError` as it is; anything else (a script that did not
 * load, a lock the browser refused) as one of kind `network`, the original kept as its `cause`.
 */
export function asMarketApiError(error: unknown): MarketApiError {
  if (isMarketApiError(error)) return error;
  return new MarketApiError({
    kind: 'network',
    status: 0,
    method: '',
    url: '',
    responseMessage: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}

/** A query's or mutation's error as the hooks give it: `MarketApiError | null`. */
export const marketErrorOrNull = (error: unknown): MarketApiError | null =>
  error === null || error === undefined ? null : asMarketApiError(error);
