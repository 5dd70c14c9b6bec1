import type { MarketApiError } from '@marketkit/sdk';
import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { asMarketCall, toMarketError } from '../store/calls.ts';

export { asMarketCall, marketErrorOrNull, refetchAfterWrite, toMarketError } from '../store/calls.ts';

/**
 * What a query hook of `@marketkit/hooks` returns: TanStack Query's result, with `error` always a
 * `MarketApiError` (or null). Branch on `error.code`.
 */
export type MarketQueryResult<Data> = UseQueryResult<Data, MarketApiError>;

/**
 * `useQuery` whose `error` is always a `MarketApiError`: the query function and `select` are guarded
 * (see `toMarketError`), so a hook never reports a bare `TypeError`.
 */
export function useMarketQuery<QueryData, Data = QueryData, Key extends QueryKey = QueryKey>(
  options: UseQueryOptions<QueryData, MarketApiError, Data, Key>,
): MarketQueryResult<Data> {
  const { queryFn, select } = options;
  return useQuery<QueryData, MarketApiError, Data, Key>({
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
