import { MarketApiError, type RequestBody, type ResponseBody, type Schema, unwrap } from '@marketkit/sdk';
import { useCallback, useMemo } from 'react';
import { type LoadState, loadState } from '../core/index.ts';
import { asMarketCall, useMarketQuery } from './market-query.ts';
import { useMarket } from './provider.tsx';

type Address = Schema<'Address'>;
type AddressInput = RequestBody<'createAddress'>;

/** What `useAddresses()` returns: the signed-in shopper's address book and its changes. */
export interface UseAddressesResult {
  /** Delivery and billing addresses, as the server lists them (empty until loaded). */
  addresses: Address[];
  /** The book's first read is under way. */
  isLoading: boolean;
  /** Why the book could not be read, else null. */
  error: MarketApiError | null;
  /** `loading`, `failed` (show the failure and `reload`, never an empty book), `empty` or `ready`. */
  state: LoadState;
  /** Asks for the book again (after a failure). */
  reload(): void;
  /**
   * Adds an address; resolves with it once the book is read again (defaults may have moved). Rejects
   * with the server's `MarketApiError` (its `fieldErrors` name the fields it refused).
   */
  create(body: AddressInput): Promise<Address>;
  /** Replaces an address's fields; resolves with the saved address. */
  update(addressId: number, body: AddressInput): Promise<Address>;
  /** Deletes an address; resolves with the server's answer. */
  remove(addressId: number): Promise<ResponseBody<'deleteAddress'>>;
  /** Makes an address the default of its type. */
  makeDefault(address: Address): Promise<Address>;
}

/** The signed-in shopper's saved addresses (delivery and billing), with add, change, delete and default. */
export function useAddresses(): UseAddressesResult {
  const market = useMarket();
  const key = market.keys.addresses();
  const query = useMarketQuery({
    queryKey: key,
    queryFn: () => unwrap(market.client.GET('/cfs/rest/v3/customer-address', {})),
  });
  // A change answers one address; the list is asked again (defaults may have moved).
  const settle = useCallback(
    <T>(work: () => Promise<T>) =>
      asMarketCall(async () => {
        const result = await work();
        await market.queryClient.invalidateQueries({ queryKey: key });
        return result;
      }),
    [market, key],
  );
  const create = useCallback(
    (body: AddressInput) =>
      settle(() => unwrap(market.client.POST('/cfs/rest/v3/customer-address', { body }))),
    [market, settle],
  );
  const update = useCallback(
    (addressId: number, body: AddressInput) =>
      settle(() =>
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
      settle(() =>
        unwrap(
          market.client.DELETE('/cfs/rest/v3/customer-address/{addressId}', {
            params: { path: { addressId } },
          }),
        ),
      ),
    [market, settle],
  );
  const makeDefault = useCallback(
    (address: Address) => {
      const { address_id: addressId, ...fields } = address;
      return update(addressId, { ...fields, is_default: true });
    },
    [update],
  );
  const addresses = query.data?.data ?? [];
  const { refetch } = query;
  return {
    addresses,
    isLoading: query.isLoading,
    error: query.error,
    state: loadState(
      { hasData: query.data !== undefined, isFetching: query.isFetching, error: query.error },
      addresses.length,
    ),
    reload: () => void refetch(),
    create,
    update,
    remove,
    makeDefault,
  };
}

/** What `usePincodeCheck(pincode, productIds)` returns. */
export interface UsePincodeCheckResult {
  /** Which of the products the pincode can receive; null while idle or not answered yet. */
  result: ResponseBody<'checkPincodeForItems'> | null;
  /** The check is under way. */
  isChecking: boolean;
  /** Why the check failed, else null. */
  error: MarketApiError | null;
}

/** Whether a pincode can receive every listed product (e.g. the checkout's lines); idle without both. */
export function usePincodeCheck(
  pincode: string | null,
  productIds: readonly number[],
): UsePincodeCheckResult {
  const market = useMarket();
  const ids = useMemo(() => [...new Set(productIds)].sort((a, b) => a - b), [productIds]);
  const enabled = pincode !== null && /^[0-9]{4,10}$/.test(pincode) && ids.length > 0;
  const query = useMarketQuery({
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

/** What `useCoupons(items)` returns. */
export interface UseCouponsResult {
  /** Coupons the shopper may use on these products (empty until loaded). */
  coupons: Schema<'Coupon'>[];
  /** The coupons' first read is under way. */
  isLoading: boolean;
  /** Why the coupons could not be read, else null. */
  error: MarketApiError | null;
  /**
   * Checks a typed code against the basket. Resolves with the discount and the new totals when it is
   * valid; rejects with a `MarketApiError` (`VALIDATION_FAILED`, the server's reason in
   * `responseMessage`) when it is not.
   */
  validate(couponCode: string): Promise<ResponseBody<'validateCoupon'>>;
}

/** Coupons the shopper may use on these products, and a check of a typed code against the basket. */
export function useCoupons(items: readonly { product_id: number; quantity: number }[]): UseCouponsResult {
  const market = useMarket();
  const ids = useMemo(
    () => [...new Set(items.map((item) => item.product_id))].sort((a, b) => a - b),
    [items],
  );
  const query = useMarketQuery({
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
    (couponCode: string) =>
      asMarketCall(async () => {
        const { data, error, response } = await market.client.POST('/cfs/rest/v3/validate-coupon', {
          body: {
            coupon_code: couponCode,
            products: items.map(({ product_id, quantity }) => ({ product_id, quantity })),
          },
        });
        const result = await unwrap(Promise.resolve({ data, error, response }));
        // An answer that says the code is not valid reaches the caller as a refusal too.
        if (!result.valid)
          throw new MarketApiError({
            kind: 'http',
            status: 422,
            responseMessage: result.message || (data?.response_message ?? ''),
            method: 'POST',
            url: response.url,
          });
        return result;
      }),
    [market, items],
  );
  return { coupons: query.data?.data ?? [], isLoading: query.isLoading, error: query.error, validate };
}
