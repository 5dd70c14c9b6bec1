import { isMarketApiError, MarketApiError } from '@marketkit/sdk';
import { type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';

/**
 * What a query hook of `@marketkit/hooks` returns: TanStack Query's result, with `error` always a
 * `MarketApiError` (or null). Branch on `error.code`.
 */
export type MarketQueryResult<Data> = UseQueryResult<Data, MarketApiError>;

/**
 * Any failure as the one error type of the hooks. A `MarketApiError` is kept as it is; anything else
 * (a reply of an unexpected shape that made a query's code throw) becomes one of kind `malformed`
 * (`MALFORMED_REPLY`), the original kept as its `cause`.
 */
export function toMarketError(error: unknown): MarketApiError {
  if (isMarketApiError(error)) return error;
  return new MarketApiError({
    kind: 'malformed',
    status: 0,
    method: '',
    url: '',
    responseMessage: 'The reply could not be used.',
    cause: error,
  });
}

/** Runs `work`, failing only with a `MarketApiError`. */
export async function asMarketCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toMarketError(error);
  }
}

/**
 * `useQuery` whose `error` is always a `MarketApiError`: the query function and `select` are guarded
 * (see `toMarketError`), so a hook never reports a bare `TypeError`.
 */
export function useMarketQuery<QueryData, Data = QueryData>(
  options: UseQueryOptions<QueryData, MarketApiError, Data>,
): MarketQueryResult<Data> {
  const { queryFn, select } = options;
  return useQuery<QueryData, MarketApiError, Data>({
    ...options,
    ...(typeof queryFn === 'function'
      ? { queryFn: (context) => asMarketCall(async () => queryFn(context)) }
      : {}),
    ...(select
      ? {
          select: (data: QueryData) => {
            try {
              return select(data);
            } catch (error) {
              throw toMarketError(error);
            }
          },
        }
      : {}),
  });
}
