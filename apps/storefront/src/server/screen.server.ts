import { catalogueQueries, type MarketQuery } from '@marketkit/hooks/prefetch';
import { isMarketApiError } from '@marketkit/sdk';
import { data, type LoaderFunctionArgs } from 'react-router';
import type { RouteData } from '../app/route-data.ts';
import { type RequestScope, requestScope } from './request.server.ts';
import { type StoreAnswers, storeAnswers } from './store.server.ts';

type Catalogue = ReturnType<typeof catalogueQueries>;

/**
 * A data route's server loader: the queries its first screen shows, asked in the page's language
 * (once the store's languages have decided it) with the shopper's pincode, within the page's
 * deadline. What came in goes to the browser's cache; a query the services host answered 404 makes
 * the page a 404 (it still renders, as the browser would).
 */
export function screenLoader(
  queries: (
    catalogue: Catalogue,
    context: { scope: RequestScope; store: StoreAnswers },
  ) => readonly MarketQuery<unknown>[] | Promise<readonly MarketQuery<unknown>[]>,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    const scope = requestScope(request, context);
    const store = await storeAnswers(scope);
    const list = await queries(catalogueQueries(scope.client, { pincode: scope.pincode }), { scope, store });
    await Promise.all(list.map((query) => scope.fetch(query)));
    const missing = list.some((query) => {
      const error = scope.queryClient.getQueryState(query.queryKey)?.error;
      return isMarketApiError(error) && error.status === 404;
    });
    const answer: RouteData = { dehydrated: list.length > 0 ? scope.dehydrate(list) : null };
    return data(answer, missing ? { status: 404 } : undefined);
  };
}
