import type { MarketApiError, ResponseBody, Schema, SignInResult, SignOutResult } from '@marketkit/sdk';
import { describe, expectTypeOf, it } from 'vitest';
import type {
  CartLine,
  CartQuantityCap,
  CheckoutSteps,
  Direction,
  GuestCartMergePlan,
  GuestCartMergeStatus,
  ListingFilters,
  LoadState,
  PaymentSelectionState,
} from '../src/core/index.ts';
import {
  type CartAddResult,
  type MarketProviderProps,
  type MergeOutcome,
  type UseAddressesResult,
  type UseAuthFlowsResult,
  type UseCartResult,
  type UseCheckoutResult,
  type UseGuestCartMergeResult,
  type UseLanguageResult,
  type UseOrdersResult,
  type UseProductsResult,
  type UseSessionResult,
  type UseSignupRequirementsResult,
  type UseStoreBootstrapResult,
  type UseThemeResult,
  useAddresses,
  useAuthFlows,
  useCart,
  useCheckout,
  useGuestCartMerge,
  useLanguage,
  useOrders,
  type usePincode,
  useProducts,
  useSession,
  useSignupRequirements,
  useStoreBootstrap,
  useTheme,
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
    expectTypeOf<UseCartResult['setQuantity']>().returns.toEqualTypeOf<
      Promise<{ capped: CartQuantityCap | null }>
    >();
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

  it('useSession signs in with the contract bodies and answers with the SDK’s sign-in result', () => {
    expectTypeOf(useSession).returns.toEqualTypeOf<UseSessionResult>();
    expectTypeOf<UseSessionResult['signIn']>().returns.toEqualTypeOf<Promise<SignInResult>>();
    expectTypeOf<UseSessionResult['signUp']>().returns.toEqualTypeOf<Promise<SignInResult>>();
    expectTypeOf<Parameters<UseSessionResult['signIn']>[0]>().toHaveProperty('username');
    expectTypeOf<UseSessionResult['signOut']>().returns.toEqualTypeOf<Promise<SignOutResult>>();
  });

  it('useGuestCartMerge takes no options and gives the shared status, outcome and a typed error', () => {
    expectTypeOf(useGuestCartMerge).parameters.toEqualTypeOf<[]>();
    expectTypeOf(useGuestCartMerge).returns.toEqualTypeOf<UseGuestCartMergeResult>();
    expectTypeOf<UseGuestCartMergeResult['status']>().toEqualTypeOf<GuestCartMergeStatus>();
    expectTypeOf<UseGuestCartMergeResult['error']>().toEqualTypeOf<MarketApiError | null>();
    expectTypeOf<UseGuestCartMergeResult['merge']>().returns.toEqualTypeOf<Promise<MergeOutcome>>();
  });

  it('the session, language and store hooks have named results whose errors are MarketApiError | null', () => {
    expectTypeOf(useLanguage).returns.toEqualTypeOf<UseLanguageResult>();
    expectTypeOf<UseLanguageResult['direction']>().toEqualTypeOf<Direction>();
    expectTypeOf<UseLanguageResult['setLanguage']>().toEqualTypeOf<(code: string) => string>();
    expectTypeOf(useStoreBootstrap).returns.toEqualTypeOf<UseStoreBootstrapResult>();
    expectTypeOf(useTheme).returns.toEqualTypeOf<UseThemeResult>();
    expectTypeOf(useAuthFlows).returns.toEqualTypeOf<UseAuthFlowsResult>();
    expectTypeOf(useSignupRequirements).returns.toEqualTypeOf<UseSignupRequirementsResult>();
    for (const error of [
      {} as UseLanguageResult['error'],
      {} as UseStoreBootstrapResult['error'],
      {} as UseSignupRequirementsResult['error'],
    ])
      expectTypeOf(error).toEqualTypeOf<MarketApiError | null>();
  });

  it('the provider takes the language, its change handler, the merge mode and memory stores', () => {
    expectTypeOf<MarketProviderProps['language']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<MarketProviderProps['onLanguageChange']>().toEqualTypeOf<
      ((language: string) => void) | undefined
    >();
    expectTypeOf<MarketProviderProps['guestCartMerge']>().toEqualTypeOf<'automatic' | 'manual' | undefined>();
  });

  it('useCheckout exposes steps, payment selection and order placement', () => {
    type Checkout = UseCheckoutResult;
    expectTypeOf<Checkout['steps']>().toEqualTypeOf<CheckoutSteps>();
    expectTypeOf<Checkout['payment']>().toEqualTypeOf<PaymentSelectionState>();
    expectTypeOf<Checkout['placeOrder']>().returns.toEqualTypeOf<Promise<ResponseBody<'createOrder'>>>();
  });

  it('useStoreBootstrap narrows on status', () => {
    type Bootstrap = UseStoreBootstrapResult;
    expectTypeOf<Bootstrap['status']>().toEqualTypeOf<
      'loading' | 'unavailable' | 'unreachable' | 'settings-error' | 'ready'
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
