import { MarketApiError, type RequestBody, type Schema, unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { loadState } from '../core/index.ts';
import { useMarket } from './provider.tsx';

type AddressInput = RequestBody<'createAddress'>;

/** The signed-in shopper's saved addresses (delivery and billing), with add, change, delete and default. */
export function useAddresses() {
  const market = useMarket();
  const key = market.keys.addresses();
  const query = useQuery({
    queryKey: key,
    queryFn: () => unwrap(market.client.GET('/cfs/rest/v3/customer-address', {})),
  });
  // A change answers one address; the list is asked again (defaults may have moved).
  const settle = useCallback(
    async <T>(work: Promise<T>) => {
      const result = await work;
      await market.queryClient.invalidateQueries({ queryKey: key });
      return result;
    },
    [market, key],
  );
  const create = useCallback(
    (body: AddressInput) => settle(unwrap(market.client.POST('/cfs/rest/v3/customer-address', { body }))),
    [market, settle],
  );
  const update = useCallback(
    (addressId: number, body: AddressInput) =>
      settle(
        unwrap(
          market.client.PUT('/cfs/rest/v3/customer-address/{addressId}', {
            params: { path: { addressId } },
            body,
          }),
        ),
      ),
    [market, settle],
  );
  const remove = useCallback(
    (addressId: number) =>
      settle(
        unwrap(
          market.client.DELETE('/cfs/rest/v3/customer-address/{addressId}', {
            params: { path: { addressId } },
          }),
        ),
      ),
    [market, settle],
  );
  const makeDefault = useCallback(
    (address: Schema<'Address'>) => {
      const { address_id: addressId, ...fields } = address;
      return update(addressId, { ...fields, is_default: true });
    },
    [update],
  );
  const addresses = query.data?.data ?? [];
  return {
    addresses,
    isLoading: query.isLoading,
    error: query.error,
    /** `loading`, `failed` (show the failure and `reload`, never an empty book), `empty` or `ready`. */
    state: loadState(
      { hasData: query.data !== undefined, isFetching: query.isFetching, error: query.error },
      addresses.length,
    ),
    reload: () => void query.refetch(),
    create,
    update,
    remove,
    makeDefault,
  };
}

/** Whether a pincode can receive every listed product (e.g. the checkout's lines); idle without both. */
export function usePincodeCheck(pincode: string | null, productIds: readonly number[]) {
  const market = useMarket();
  const ids = useMemo(() => [...new Set(productIds)].sort((a, b) => a - b), [productIds]);
  const enabled = pincode !== null && /^[0-9]{4,10}$/.test(pincode) && ids.length > 0;
  const query = useQuery({
    queryKey: market.keys.pincodeCheck(pincode ?? '', ids),
    queryFn: () =>
      unwrap(
        market.client.POST('/cfs/rest/v3/pincode-check', {
          body: { pincode: pincode ?? '', product_ids: ids },
        }),
      ),
    enabled,
  });
  return {
    result: enabled ? (query.data ?? null) : null,
    isChecking: enabled && query.isLoading,
    error: query.error,
  };
}

/** Coupons the shopper may use on these products, and a check of a typed code against the basket. */
export function useCoupons(items: readonly { product_id: number; quantity: number }[]) {
  const market = useMarket();
  const ids = useMemo(
    () => [...new Set(items.map((item) => item.product_id))].sort((a, b) => a - b),
    [items],
  );
  const query = useQuery({
    queryKey: market.keys.coupons(ids),
    queryFn: () =>
      unwrap(
        market.client.GET('/cfs/rest/v3/coupons', {
          params: { query: ids.length > 0 ? { product_ids: ids.join(',') } : {} },
        }),
      ),
    enabled: ids.length > 0,
  });
  const validate = useCallback(
    async (couponCode: string) => {
      const { data, error, response } = await market.client.POST('/cfs/rest/v3/validate-coupon', {
        body: {
          coupon_code: couponCode,
          products: items.map(({ product_id, quantity }) => ({ product_id, quantity })),
        },
      });
      // A refusal, or an answer that says the code is not valid, both reach the caller as a refusal.
      if (!data?.response_body.valid)
        throw new MarketApiError({
          kind: 'http',
          status: data ? 422 : response.status,
          responseMessage:
            data?.response_body.message ?? error?.response_message ?? 'This coupon cannot be used',
          method: 'POST',
          url: response.url,
        });
      return data.response_body;
    },
    [market, items],
  );
  return { coupons: query.data?.data ?? [], isLoading: query.isLoading, error: query.error, validate };
}
