import { unwrap } from '@marketkit/sdk';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { CATALOGUE_STALE_MS, PRODUCT_STALE_MS } from '../prefetch/index.ts';
import { useMarket } from './provider.tsx';

/** A page of a product's ratings with the average and distribution. */
export function useProductRatings(productId: number, page = 1, perPage = 5) {
  const market = useMarket();
  return useQuery({
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

/** A product's questions and answers (`answer_html` is the server's HTML: sanitize before showing). */
export function useProductFaqs(productId: number) {
  const market = useMarket();
  return useQuery({
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

/** Sends a question about a product to the store (signed-in shoppers). */
export function useEnquiry() {
  const market = useMarket();
  return useMutation({
    mutationFn: (input: {
      product_id: number;
      subject: string;
      message: string;
      contact_email?: string;
      contact_phone?: string;
    }) => unwrap(market.client.POST('/cfs/rest/v3/enquiries', { body: input })),
  });
}
