// The market outside React: Node alone (no DOM, no React), against the sandbox behind MSW.
import { createSandbox } from '@marketkit/sandbox';
import { createSandboxHandlers } from '@marketkit/sandbox/msw';
import { createMemoryTokenStore, type Schema, unwrap } from '@marketkit/sdk';
import { QueryClient, QueryObserver } from '@tanstack/query-core';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onRoutes } from '../../src/core/index.ts';
import { storeQueries } from '../../src/prefetch/index.ts';
import {
  createMarket,
  createMemoryStorage,
  type Market,
  type MarketOptions,
  type MarketState,
} from '../../src/store/index.ts';

const HOST = 'http://localhost:4010';
const CABLE = 1009; // Braided USB-C Cable
const CHARGER = 1010; // 65W Fast Charger
const sandbox = createSandbox({ log: () => {} });
const server = setupServer(...createSandboxHandlers(sandbox, { baseUrl: HOST }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await sandbox.reset();
});
afterAll(() => server.close());

/** A market of the demo store on a fresh device; no retries (a test retries only what it tests). */
function demoMarket(options: Partial<MarketOptions> = {}) {
  return createMarket({
    servicesHost: HOST,
    store: 'demo',
    storage: createMemoryStorage(),
    tokens: createMemoryTokenStore(),
    queryClient: new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
    }),
    ...options,
  });
}

async function product(market: Market, id: number): Promise<Schema<'ProductSummary'>> {
  const list = await unwrap(
    market.client.GET('/pbs/rest/v3/products', { params: { query: { page_number: -1 } } }),
  );
  const found = list.data.find((p) => p.product_id === id);
  if (!found) throw new Error(`no product ${id}`);
  return found;
}

/** Signs the seeded shopper in the way `useSession().signIn` does: the grant goes to the token store. */
async function signIn(market: Market) {
  const grant = await unwrap(
    market.client.POST('/ums/rest/v3/login', {
      body: { username: 'shopper@example.com', password: 'Password123' },
    }),
  );
  if (grant.login_status !== 'SUCCESS') throw new Error(`sign-in answered ${grant.login_status}`);
  market.client.tokens.set(grant);
}

/** A guest adds one cable, then signs in; resolves once a merge started by that would show. */
async function guestLineThenSignIn(market: Market) {
  await market.cart().add({ kind: 'add', product: await product(market, CABLE), quantity: 1, slotId: null });
  await signIn(market);
  // A merge starts in a microtask after the change: a timer's turn is after it.
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The first state `subscribe` reports that passes `check`. */
const stateWhere = (market: Market, check: (state: MarketState) => boolean) =>
  new Promise<MarketState>((resolve) => {
    if (check(market.getState())) return resolve(market.getState());
    const stop = market.subscribe((state) => {
      if (!check(state)) return;
      stop();
      resolve(state);
    });
  });

const serverCart = async (market: Market) =>
  (
    await unwrap(market.client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } }))
  ).Products.map((line) => [line.product, line.cart_quantity]);

describe('createMarket (Node, no React)', () => {
  it('runs without a DOM', () => {
    expect(typeof document).toBe('undefined');
  });

  it('keeps the language, pincode and guest cart, and merges the guest cart once the shopper signs in on the cart page', async () => {
    const market = demoMarket({ pathname: () => '/cart', mergeBlockedOn: onRoutes(['/signin']) });
    const seen: MarketState[] = [];
    const stopListening = market.subscribe((state) => seen.push(state));
    const stop = market.start();
    expect(market.getState()).toBe(market.getState());
    expect(market.getState()).toMatchObject({ signedIn: false, pincode: null, merge: { status: 'idle' } });

    await market.queryClient.fetchQuery(storeQueries(market.client).languages());
    const languages = market.queryClient.getQueryData<{ data: Schema<'Language'>[] }>(
      market.keys.languages(),
    )?.data;
    const code = languages?.find((l) => l.status === 1)?.language_code;
    if (!code) throw new Error('the demo store has no active language');
    expect(market.setLanguage(code.toLowerCase().replace('_', '-'))).toBe(code);
    expect(market.getState().language).toBe(code);

    market.savePincode('2001');
    expect(market.getState().pincode).toBe('2001');
    expect(() => market.savePincode('20')).toThrow(expect.objectContaining({ code: 'INVALID_PINCODE' }));

    // What the shopper's server cart already holds (read from another device): the merge sums.
    const elsewhere = demoMarket();
    await signIn(elsewhere);
    const before = (await serverCart(elsewhere)).find(([id]) => id === CABLE)?.[1] ?? 0;
    await market
      .cart()
      .add({ kind: 'add', product: await product(market, CABLE), quantity: 2, slotId: null });
    expect(market.getState().guestCart.items.map((item) => [item.productId, item.cartQuantity])).toEqual([
      [CABLE, 2],
    ]);

    await signIn(market);
    const merged = await stateWhere(
      market,
      (state) => state.merge.status !== 'merging' && state.merge.status !== 'idle',
    );
    expect(merged.merge).toMatchObject({ status: 'done', error: null });
    expect(merged.merge.outcome?.merged).toEqual([CABLE]);
    expect(merged.signedIn).toBe(true);
    expect(merged.guestCart.items).toEqual([]);
    expect(await serverCart(market)).toContainEqual([CABLE, before + 2]);
    expect(seen.map((state) => state.merge.status)).toContain('merging');
    // The cart the market writes to now is the server's.
    expect(market.cart().source).toBe('server');
    stop();
    stopListening();
  });

  it('does not merge on a page the app blocks, and merges once the shopper is on another', async () => {
    let pathname = '/signin';
    const market = demoMarket({ pathname: () => pathname, mergeBlockedOn: onRoutes(['/signin']) });
    const stop = market.start();
    await guestLineThenSignIn(market);
    expect(market.getState().merge.status).toBe('idle');
    pathname = '/cart';
    market.mergeIfDue();
    const done = await stateWhere(market, (state) => state.merge.status === 'done');
    expect(done.merge.outcome?.merged).toEqual([CABLE]);
    stop();
  });

  it('leaves the merge to the app with guestCartMerge: manual', async () => {
    const market = demoMarket({ guestCartMerge: 'manual' });
    const stop = market.start();
    await guestLineThenSignIn(market);
    expect(market.getState().merge.status).toBe('idle');
    await expect(market.guestCartMerge.run()).resolves.toMatchObject({ merged: [CABLE] });
    expect(market.getState().merge.status).toBe('done');
    stop();
  });

  it('asks again for what a pincode changes only when the pincode changed', async () => {
    const market = demoMarket();
    let asked = 0;
    // A query of the store's, in use (as a mounted hook's is): an invalidation asks for it again.
    const observer = new QueryObserver(market.queryClient, {
      queryKey: [...market.keys.all, 'prices'],
      queryFn: async () => ++asked,
    });
    const stop = observer.subscribe(() => undefined);
    const settled = async (count: number) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      await market.queryClient.getQueryCache().find({ queryKey: [...market.keys.all, 'prices'] })?.promise;
      expect(asked).toBe(count);
    };
    await settled(1);
    market.savePincode('2001');
    await settled(2);
    market.savePincode('2001');
    await settled(2);
    market.savePincode('2001', 7);
    await settled(3);
    market.savePincode('2002', 7);
    await settled(4);
    stop();
  });

  it('keeps slot and buy-now selections, and a sign-out forgets the buy-now item', async () => {
    const market = demoMarket();
    market.selectSlot(CABLE, 7);
    market.setBuyNow(CHARGER, 1500);
    expect(market.getState().slots).toEqual([{ id: 7, product: CABLE }]);
    expect(market.getState().buyNow).toEqual({ productId: CHARGER, quantity: 999, slotId: null });
    market.removeSlotByProduct(CABLE);
    expect(market.getState().slots).toEqual([]);
    await signIn(market);
    market.endSession();
    expect(market.getState()).toMatchObject({ signedIn: false, buyNow: null });
  });
});
