import type { MarketApiError, ResponseBody, Schema } from '@marketkit/sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  CartLine,
  CheckoutSteps,
  GuestCartMergePlan,
  ListingFilters,
  LoadState,
  PaymentSelectionState,
} from '../src/core/index.ts';
import {
  type CartAddResult,
  type GuestCartMergeApi,
  type MergeOutcome,
  type SessionApi,
  type UseAddressesResult,
  type UseCartResult,
  type UseCheckoutResult,
  type UseOrdersResult,
  type UseProductsResult,
  useAddresses,
  useCart,
  useCheckout,
  useGuestCartMerge,
  useOrders,
  type usePincode,
  useProducts,
  useSession,
  type useStoreBootstrap,
  useWishlist,
} from '../src/react/index.ts';

describe('public hook signatures', () => {
  it('useCart returns the same API for guests and signed-in shoppers; mutations return promises', () => {
    expectTypeOf(useCart).returns.toEqualTypeOf<UseCartResult>();
    expectTypeOf<UseCartResult['lines']>().toEqualTypeOf<CartLine[]>();
    expectTypeOf<UseCartResult['serverCart']>().toEqualTypeOf<Schema<'CustomerCart'> | null>();
    expectTypeOf<UseCartResult['add']>().parameters.toEqualTypeOf<
      [product: Schema<'ProductSummary'>, quantity?: number, slotId?: number | null]
    >();
    expectTypeOf<UseCartResult['add']>().returns.toEqualTypeOf<Promise<CartAddResult>>();
    expectTypeOf<CartAddResult['code']>().toEqualTypeOf<'ADDED' | 'ALREADY_IN_CART'>();
    expectTypeOf<CartAddResult['serverMessage']>().toEqualTypeOf<string | null>();
    expectTypeOf<UseCartResult['setQuantity']>().returns.toEqualTypeOf<Promise<void>>();
    expectTypeOf<UseCartResult['source']>().toEqualTypeOf<'server' | 'guest'>();
    expectTypeOf<UseCartResult['state']>().toEqualTypeOf<LoadState>();
    expectTypeOf<UseCartResult['reload']>().toEqualTypeOf<() => void>();
    expectTypeOf<ReturnType<typeof useWishlist>['state']>().toEqualTypeOf<LoadState>();
  });

  it('every hook reports its failures as MarketApiError', () => {
    expectTypeOf<UseCartResult['error']>().toEqualTypeOf<MarketApiError | null>();
    expectTypeOf<UseCheckoutResult['error']>().toEqualTypeOf<MarketApiError | null>();
    expectTypeOf<UseAddressesResult['error']>().toEqualTypeOf<MarketApiError | null>();
    expectTypeOf<UseProductsResult['error']>().toEqualTypeOf<MarketApiError | null>();
    expectTypeOf<UseOrdersResult['error']>().toEqualTypeOf<MarketApiError | null>();
    expectTypeOf<ReturnType<typeof useWishlist>['error']>().toEqualTypeOf<MarketApiError | null>();
  });

  it('names every result type', () => {
    expectTypeOf(useCheckout).returns.toEqualTypeOf<UseCheckoutResult>();
    expectTypeOf(useAddresses).returns.toEqualTypeOf<UseAddressesResult>();
    expectTypeOf(useProducts).returns.toEqualTypeOf<UseProductsResult>();
    expectTypeOf(useOrders).returns.toEqualTypeOf<UseOrdersResult>();
    // Any of the listing's filters; the rest are DEFAULT_LISTING's.
    expectTypeOf(useProducts).parameter(0).toEqualTypeOf<Partial<ListingFilters> | undefined>();
  });

  it('useSession signs in with the contract bodies and answers with the login result', () => {
    expectTypeOf(useSession).returns.toEqualTypeOf<SessionApi>();
    expectTypeOf<SessionApi['signIn']>().returns.toEqualTypeOf<Promise<ResponseBody<'login'>>>();
    expectTypeOf<Parameters<SessionApi['signIn']>[0]>().toHaveProperty('username');
    expectTypeOf<SessionApi['signOut']>().returns.toEqualTypeOf<Promise<boolean>>();
  });

  it('useGuestCartMerge returns its outcome', () => {
    expectTypeOf(useGuestCartMerge).returns.toEqualTypeOf<GuestCartMergeApi>();
    expectTypeOf<GuestCartMergeApi['merge']>().returns.toEqualTypeOf<Promise<MergeOutcome>>();
  });

  it('useCheckout exposes steps, payment selection and order placement', () => {
    type Checkout = UseCheckoutResult;
    expectTypeOf<Checkout['steps']>().toEqualTypeOf<CheckoutSteps>();
    expectTypeOf<Checkout['payment']>().toEqualTypeOf<PaymentSelectionState>();
    expectTypeOf<Checkout['placeOrder']>().returns.toEqualTypeOf<Promise<ResponseBody<'createOrder'>>>();
  });

  it('useStoreBootstrap narrows on status', () => {
    type Bootstrap = ReturnType<typeof useStoreBootstrap>;
    expectTypeOf<Bootstrap['status']>().toEqualTypeOf<
      'loading' | 'unavailable' | 'settings-error' | 'ready'
    >();
    expectTypeOf<Extract<Bootstrap, { status: 'ready' }>['logoUrl']>().toEqualTypeOf<string | null>();
  });

  it('useWishlist filters by item kind and the pincode record is typed', () => {
    expectTypeOf(useWishlist)
      .parameter(0)
      .toEqualTypeOf<
        | { search?: string; type?: Schema<'ItemType'> | 'standard_item,request_item,free_item' | '' }
        | undefined
      >();
    expectTypeOf<ReturnType<typeof usePincode>['pincode']>().toEqualTypeOf<string | null>();
  });

  it('the merge plan is the create list plus the updates', () => {
    expectTypeOf<GuestCartMergePlan['create'][number]>().toEqualTypeOf<{
      product: number;
      cart_quantity: number;
      slot_id?: number;
    }>();
  });
});
