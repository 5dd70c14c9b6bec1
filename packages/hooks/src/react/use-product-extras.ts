import {
  type MarketApiError,
  type RequestBody,
  type ResponseBody,
  type Schema,
  unwrap,
} from '@marketkit/sdk';
import { keepPreviousData, type UseMutationResult, useMutation } from '@tanstack/react-query';
import { CATALOGUE_STALE_MS, PRODUCT_STALE_MS } from '../prefetch/index.ts';
import { asMarketCall, type MarketQueryResult, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';

/** What `useProductRatings` returns: a page of ratings with the average and distribution, `error` a `MarketApiError`. */
export type UseProductRatingsResult = MarketQueryResult<ResponseBody<'listRatings'>>;

/** A page of a product's ratings with the average and distribution. */
export function useProductRatings(productId: number, page = 1, perPage = 5): UseProductRatingsResult {
  const market = useMarket();
  return useMarketQuery({
    queryKey: market.keys.ratings(productId, page),
    queryFn: () =>
      unwrap(
        market.client.GET('/pbs/rest/v3/ratings', {
          params: { query: { product_id: productId, page_number: page, page_limit: perPage } },
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: PRODUCT_STALE_MS,
    enabled: productId > 0,
  });
}

/** What `useProductFaqs` returns: the product's questions and answers, `error` a `MarketApiError`. */
export type UseProductFaqsResult = MarketQueryResult<Schema<'Faq'>[]>;

/** A product's questions and answers (`answer_html` is the server's HTML: sanitize before showing). */
export function useProductFaqs(productId: number): UseProductFaqsResult {
  const market = useMarket();
  return useMarketQuery({
    queryKey: market.keys.faqs(productId),
    queryFn: () =>
      unwrap(
        market.client.GET('/pbs/rest/v3/faqs', {
          params: { query: { product_id: productId, page_number: -1 } },
        }),
      ),
    select: (page) => page.data.filter((faq) => faq.product_id === productId),
    staleTime: CATALOGUE_STALE_MS,
    enabled: productId > 0,
  });
}

/** A question about a product, as `useEnquiry().mutate` takes it. */
export type EnquiryInput = RequestBody<'createEnquiry'>;

/** What `useEnquiry` returns: TanStack Query's mutation, `error` a `MarketApiError`. */
export type UseEnquiryResult = UseMutationResult<Schema<'Enquiry'>, MarketApiError, EnquiryInput>;

/** Sends a question about a product to the store (signed-in shoppers). */
export function useEnquiry(): UseEnquiryResult {
  const market = useMarket();
  return useMutation({
    mutationFn: (input: EnquiryInput) =>
      asMarketCall(() => unwrap(market.client.POST('/cfs/rest/v3/enquiries', { body: input }))),
  });
}
