// @vitest-environment jsdom

import { createMemoryTokenStore, type SessionTokens, type TokenStore } from '@marketkit/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { writePersisted } from '../../src/core/index.ts';
import { prefetchStore } from '../../src/prefetch/index.ts';
import {
  createMemoryStorage,
  MarketProvider,
  STORAGE_KEYS,
  useCart,
  useCategories,
  useCurrency,
  useLanguage,
  useMarket,
  usePaymentReturnCheck,
  usePolicies,
  useSession,
  useStoreBootstrap,
  useWishlist,
} from '../../src/react/index.ts';
import { HOST, newDevice, noRetries, products, renderWithMarket, setupSandbox } from './harness.tsx';

const { sandbox, server, calls } = setupSandbox();
const signIn = { username: 'shopper@example.com', password: 'Password123' };

describe('storage that misbehaves', () => {
  it('[S1] starts with a corrupt stored cart, keeps the corrupt text aside and drops only invalid lines', async () => {
    const device = newDevice();
    device.storage.setItem(STORAGE_KEYS.guestCart, '{"version":1,"data":{"items":[{"productId":');
    const view = renderWithMarket(() => useCart(), device);
    expect(view.result.current.lines).toEqual([]);
    expect(device.storage.getItem(`${STORAGE_KEYS.guestCart}.corrupt`)).toBe(
      '{"version":1,"data":{"items":[{"productId":',
    );
  });

  it('[S6] keeps working when the storage is full or refuses access', async () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const onStorageError = vi.fn();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MarketProvider
        servicesHost={HOST}
        store="demo"
        storage={full}
        tokens={createMemoryTokenStore()}
        onStorageError={onStorageError}
      >
        {children}
      </MarketProvider>
    );
    const view = renderHook(() => useCart(), { wrapper });
    const [cable] = await products([1009]);
    await act(() => view.result.current.add(cable as NonNullable<typeof cable>, 2));
    expect(view.result.current.lines.map((i) => i.cart_quantity)).toEqual([2]);
    expect(onStorageError).toHaveBeenCalled();

    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const other = renderHook(() => useCart(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MarketProvider servicesHost={HOST} store="demo" storage={refusing} tokens={createMemoryTokenStore()}>
          {children}
        </MarketProvider>
      ),
    });
    expect(other.result.current.lines).toEqual([]);
  });
});

/** A device whose access token (and its cookie) lapsed: only the refresh token is held. */
function refreshTokenOnly(refreshToken: string): TokenStore {
  let held: SessionTokens | null = { accessToken: null, refreshToken, idToken: null };
  return {
    get: () => held,
    set: (grant) => {
      held = {
        accessToken: grant.access_token,
        refreshToken: grant.refresh_token ?? held?.refreshToken ?? null,
        idToken: grant.id_token ?? held?.idToken ?? null,
      };
    },
    clear: () => {
      held = null;
    },
  };
}

// A sign-in, then a refresh, each through the sandbox: the shared 60 s (vitest.timeouts.ts) covers a
// two-core machine other jobs share.
describe('a session holding only a refresh token', () => {
  const refreshTokenOf = async () => {
    const device = newDevice();
    const view = renderWithMarket(() => useSession(), device);
    await act(() => view.result.current.signIn(signIn));
    view.unmount();
    return device.tokens.get()?.refreshToken as string;
  };

  it('[R7] is renewable, and renew() makes it signed in', async () => {
    const device = { storage: createMemoryStorage(), tokens: refreshTokenOnly(await refreshTokenOf()) };
    const view = renderWithMarket(() => useSession(), device);
    expect(view.result.current).toMatchObject({ status: 'guest', renewable: true });
    await expect(act(() => view.result.current.renew())).resolves.toBe('renewed');
    await waitFor(() => expect(view.result.current.status).toBe('signed-in'));
    expect(view.result.current.renewable).toBe(false);
  });

  it('[R8] renew() says "unavailable" and keeps the tokens when the token endpoint is out of reach', async () => {
    sandbox.faults.add({ path: '/ums/rest/v3/refresh-token', drop: true });
    const device = { storage: createMemoryStorage(), tokens: refreshTokenOnly(await refreshTokenOf()) };
    const view = renderWithMarket(() => useSession(), device);
    await expect(act(() => view.result.current.renew())).resolves.toBe('unavailable');
    expect(view.result.current).toMatchObject({ status: 'guest', renewable: true });
  });

  it('[R8] renew() says "rejected" and ends the session when the refresh token is refused', async () => {
    const device = { storage: createMemoryStorage(), tokens: refreshTokenOnly('not-a-refresh-token') };
    const view = renderWithMarket(() => useSession(), device);
    await expect(act(() => view.result.current.renew())).resolves.toBe('rejected');
    await waitFor(() => expect(view.result.current.renewable).toBe(false));
    expect(device.tokens.get()).toBeNull();
  });
});

describe('server cart', () => {
  it('coalesces rapid quantity clicks into one request, and rolls back a refused change', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => ({ cart: useCart(), session: useSession() }), device, '/cart');
    await act(() => view.result.current.session.signIn(signIn));
    const [cable] = await products([1009]);
    await act(() => view.result.current.cart.add(cable as NonNullable<typeof cable>, 1));
    await waitFor(() => expect(view.result.current.cart.lines).toHaveLength(1));
    const id = view.result.current.cart.lines[0]?.id as number;
    calls.length = 0;
    let clicks: Promise<unknown> = Promise.resolve();
    act(() => {
      clicks = Promise.all([2, 3, 4].map((q) => view.result.current.cart.setQuantity(id, q)));
    });
    // Shown at once, before the (single) request leaves.
    await waitFor(() => expect(view.result.current.cart.lines[0]?.cart_quantity).toBe(4));
    await act(() => clicks);
    expect(calls.filter((c) => c.startsWith('PUT'))).toEqual([`PUT /cfs/rest/v3/customer-cart/${id}`]);
    await waitFor(() => expect(view.result.current.cart.lines[0]?.cart_quantity).toBe(4));

    sandbox.faults.add({
      method: 'PUT',
      path: '/cfs/rest/v3/customer-cart/*',
      status: 422,
      message: 'Only 4 left',
      times: 1,
    });
    await act(() =>
      expect(view.result.current.cart.setQuantity(id, 9)).rejects.toMatchObject({
        responseMessage: 'Only 4 left',
      }),
    );
    await waitFor(() => expect(view.result.current.cart.lines[0]?.cart_quantity).toBe(4));
    await expect(view.result.current.cart.setQuantity(id, 0)).rejects.toMatchObject({
      kind: 'rule',
      code: 'BAD_REQUEST',
      details: { field: 'quantity' },
    });
  });
});

describe('a cart or wishlist that failed to load', () => {
  it('[F1] says the server cart failed (never empty, no badge count), and loads it on reload', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => ({ cart: useCart(), session: useSession() }), device, '/cart');
    const [cable] = await products([1009]);
    await act(() => view.result.current.session.signIn(signIn));
    await act(() => view.result.current.cart.add(cable as NonNullable<typeof cable>, 2));
    await waitFor(() => expect(view.result.current.cart.state).toBe('ready'));
    view.unmount();

    sandbox.faults.add({ method: 'GET', path: '/cfs/rest/v3/customer-cart', status: 500, message: 'Down' });
    const again = renderWithMarket(() => useCart(), device, '/cart');
    expect(again.result.current.state).toBe('loading');
    await waitFor(() => expect(again.result.current.state).toBe('failed'));
    expect(again.result.current.lines).toEqual([]);
    expect(again.result.current.error).toMatchObject({ status: 500, responseMessage: 'Down' });

    sandbox.faults.clear();
    act(() => again.result.current.reload());
    await waitFor(() => expect(again.result.current.state).toBe('ready'));
    expect(again.result.current.quantity).toBe(2);
  });

  it("keeps a guest's cart ready: it lives on the device", () => {
    const view = renderWithMarket(() => useCart(), newDevice());
    expect(view.result.current.state).toBe('empty');
    act(() => view.result.current.reload());
    expect(calls.filter((call) => call.includes('customer-cart'))).toEqual([]);
  });

  it('[F1] says the wishlist failed, and loads it on reload', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => ({ wishlist: useWishlist(), session: useSession() }), device);
    await act(() => view.result.current.session.signIn(signIn));
    await act(() => view.result.current.wishlist.add(1022));
    view.unmount();

    sandbox.faults.add({ method: 'GET', path: '/cfs/rest/v3/customer-wishlist', status: 500 });
    const again = renderWithMarket(() => useWishlist(), device);
    await waitFor(() => expect(again.result.current.state).toBe('failed'));
    sandbox.faults.clear();
    act(() => again.result.current.reload());
    await waitFor(() => expect(again.result.current.state).toBe('ready'));
    expect(again.result.current.items.map((item) => item.product)).toEqual([1022]);
  });
  it('[F2] a product added while the first read is still under way is in the wishlist once the add resolves', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => useSession(), device);
    await act(() => view.result.current.signIn(signIn));
    view.unmount();
    // The first read is answered by the services host at once (an empty wishlist), but reaches the page
    // only after the add: a slow network, or a page whose code runs the add as it starts.
    let deliver: () => void = () => {};
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    server.use(
      http.get(
        `${HOST}/cfs/rest/v3/customer-wishlist`,
        async ({ request }) => {
          const answer = await sandbox.handle(request);
          await delivered;
          return answer;
        },
        { once: true },
      ),
    );
    const wishlist = renderWithMarket(() => ({ list: useWishlist(), queries: useQueryClient() }), device);
    await waitFor(() => expect(calls).toContain('GET /cfs/rest/v3/customer-wishlist'));
    // Delivered once the add has written and asked for the wishlist again.
    const unsubscribe = wishlist.result.current.queries.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'invalidate') deliver();
    });
    await act(() => wishlist.result.current.list.add(1022));
    unsubscribe();
    // Nothing asks for the wishlist again after the add: what it shows now is what stays.
    await waitFor(() => expect(wishlist.result.current.list.state).not.toBe('loading'));
    expect(wishlist.result.current.list.items.map((item) => item.product)).toEqual([1022]);
    expect(wishlist.result.current.list.has(1022)).toBe(true);
    expect(calls.filter((call) => call === 'GET /cfs/rest/v3/customer-wishlist')).toHaveLength(2);
  });
});

describe('sign-out', () => {
  it('calls session-logout with the id token and clears local session data and the cache whatever the answer', async () => {
    for (const fault of [false, true]) {
      const device = newDevice();
      const view = renderWithMarket(() => useSession(), device);
      await act(() => view.result.current.signIn(signIn));
      device.storage.setItem(STORAGE_KEYS.wishlist, '[1]');
      if (fault) sandbox.faults.add({ path: '/ums/rest/v3/session-logout', drop: true, times: 1 });
      calls.length = 0;
      const { confirmed } = await act(() => view.result.current.signOut());
      expect(confirmed).toBe(!fault);
      expect(calls).toContain('POST /ums/rest/v3/session-logout');
      expect(view.result.current.status).toBe('guest');
      expect(device.tokens.get()).toBeNull();
      expect(device.storage.getItem(STORAGE_KEYS.wishlist)).toBeNull();
    }
  });

  it('clears the local session before the logout call goes out, and sends that call with keepalive', async () => {
    const device = newDevice();
    const view = renderWithMarket(
      () => ({ session: useSession(), cart: useCart(), market: useMarket() }),
      device,
    );
    await act(() => view.result.current.session.signIn(signIn));
    const { market } = view.result.current;
    await waitFor(() => expect(market.queryClient.getQueryData(market.keys.cart())).toBeDefined());
    device.storage.setItem(STORAGE_KEYS.wishlist, '[1]');
    // What a page loaded while the call is under way would find, seen as the call leaves.
    const seen: { tokens: unknown; wishlist: string | null; cart: unknown; keepalive: boolean }[] = [];
    const listen = ({ request }: { request: Request }) => {
      if (!request.url.includes('/session-logout')) return;
      seen.push({
        tokens: device.tokens.get(),
        wishlist: device.storage.getItem(STORAGE_KEYS.wishlist),
        cart: market.queryClient.getQueryData(market.keys.cart()),
        keepalive: request.keepalive,
      });
    };
    server.events.on('request:start', listen);
    try {
      expect(await act(() => view.result.current.session.signOut())).toEqual({ confirmed: true });
    } finally {
      server.events.removeListener('request:start', listen);
    }
    expect(seen).toEqual([{ tokens: null, wishlist: null, cart: undefined, keepalive: true }]);
    expect(view.result.current.session.status).toBe('guest');
  });

  it("ends a session by dropping the shopper's cached answers and keeping the store's", async () => {
    const device = newDevice();
    const view = renderWithMarket(
      () => ({ session: useSession(), cart: useCart(), store: useStoreBootstrap(), market: useMarket() }),
      device,
    );
    await act(() => view.result.current.session.signIn(signIn));
    await waitFor(() => expect(view.result.current.store.status).toBe('ready'));
    const { market } = view.result.current;
    await waitFor(() => expect(market.queryClient.getQueryData(market.keys.cart())).toBeDefined());
    await act(() => view.result.current.session.signOut());
    expect(market.queryClient.getQueryData(market.keys.cart())).toBeUndefined();
    expect(market.queryClient.getQueryData(market.keys.storeValidation())).toBeDefined();
    expect(view.result.current.store.status).toBe('ready');
  });

  it('treats an undecodable token as "clear everything"', () => {
    const device = newDevice();
    device.tokens.set({ access_token: 'garbage', refresh_token: 'r', id_token: 'i', expires_in: 60 });
    device.storage.setItem(STORAGE_KEYS.payDone, 'false');
    const view = renderWithMarket(() => useSession(), device);
    expect(view.result.current.status).toBe('guest');
    expect(device.tokens.get()).toBeNull();
    expect(device.storage.getItem(STORAGE_KEYS.payDone)).toBeNull();
  });
});

describe('store bootstrap and language', () => {
  const bootstrap = (store: string) =>
    renderHook(() => useStoreBootstrap(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <MarketProvider
          servicesHost={HOST}
          store={store}
          storage={createMemoryStorage()}
          tokens={createMemoryTokenStore()}
          queryClient={noRetries()}
        >
          {children}
        </MarketProvider>
      ),
    });

  it.each([
    ['demo', 'ready', 'Online store | Marketkit Demo Store'],
    ['closed', 'unavailable', 'Online store |'],
    ['broken', 'settings-error', 'Online store | Misconfigured Store'],
  ])('%s → %s', async (store, status, title) => {
    const view = bootstrap(store);
    // Testing Library's bound from test/setup-dom.ts (10 s, vitest.timeouts.ts): a few calls, no retries.
    await waitFor(() => expect(view.result.current.status).toBe(status));
    expect(view.result.current.title).toBe(title);
  });

  it('applies the store theme and the INR default where settings give no currency', async () => {
    const demo = bootstrap('demo');
    await waitFor(() => expect(demo.result.current.status).toBe('ready'));
    expect(demo.result.current.cssVariables['--mk-primary-bg']).toBe('#FFB703');
    expect(demo.result.current.logoUrl).toBe(`${HOST}/assets/demo/logo.svg`);
    const bazaar = bootstrap('bazaar');
    await waitFor(() => expect(bazaar.result.current.status).toBe('ready'));
    expect(bazaar.result.current.currency.isoCode).toBe('INR');
    expect(bazaar.result.current.theme.pageBg).toBe('#ffffff');
  });

  it('loads settings alongside validation when the store id is remembered, and trusts only the validated id', async () => {
    // Validation answers slowly: settings must not wait for it.
    sandbox.faults.add({ path: '/ums/rest/v3/validate-store', latencyMs: 300 });
    const device = newDevice();
    device.storage.setItem(STORAGE_KEYS.storeId, 'demo-customer:21');
    const view = renderWithMarket(() => useStoreBootstrap(), device);
    await waitFor(() => expect(calls).toContain('GET /pbs/rest/v3/content-settings'));
    expect(view.result.current.validation.status).toBe('loading');
    // The remembered id was wrong (21 is another store): the validated id 14 wins.
    await waitFor(() => expect(view.result.current.status).toBe('ready'));
    expect(view.result.current.title).toBe('Online store | Marketkit Demo Store');
    expect(view.result.current.settings?.store_id).toBe(14);
    expect(device.storage.getItem(STORAGE_KEYS.storeId)).toBe('demo-customer:14');
  });

  it('uses store calls prefetched before the app started instead of asking again', async () => {
    const device = newDevice();
    device.storage.setItem(STORAGE_KEYS.storeId, 'demo-customer:14');
    const prefetched = prefetchStore({ servicesHost: HOST, store: 'demo', storage: device.storage });
    expect(calls).toEqual([
      'GET /ums/rest/v3/validate-store',
      'GET /pbs/rest/v3/content-settings',
      'GET /pbs/rest/v3/languages',
    ]);
    const view = renderWithMarket(
      () => ({ store: useStoreBootstrap(), language: useLanguage() }),
      device,
      '/',
      { prefetched },
    );
    await waitFor(() => expect(view.result.current.store.status).toBe('ready'));
    await waitFor(() => expect(view.result.current.language.isLoading).toBe(false));
    expect(view.result.current.store.title).toBe('Online store | Marketkit Demo Store');
    expect(calls).toHaveLength(3);
  });

  it('sends the early calls through the fetch it is given (a page answers them from calls it made already)', async () => {
    const device = newDevice();
    device.storage.setItem(STORAGE_KEYS.storeId, 'demo-customer:14');
    const through: string[] = [];
    const prefetched = prefetchStore({
      servicesHost: HOST,
      store: 'demo',
      storage: device.storage,
      fetch: (request) => {
        through.push(new URL(request.url).pathname);
        return fetch(request);
      },
    });
    await Promise.all([prefetched.validation, prefetched.settings?.result, prefetched.languages]);
    expect(through).toEqual(calls.map((call) => call.replace(/^GET /, '')));
    expect(through).toHaveLength(3);
  });

  it.each([
    ['2001', '2001'],
    ['allProducts', null],
  ])(
    'makes every early call as the SDK would: saved pincode %s → pin-code %s, and the saved language',
    async (saved, sent) => {
      const device = newDevice();
      device.storage.setItem(STORAGE_KEYS.storeId, 'demo-customer:14');
      device.storage.setItem(STORAGE_KEYS.language, 'fr');
      device.storage.setItem(STORAGE_KEYS.pincode, writePersisted(1, { pincode: saved, addressId: null }));
      const asked: URL[] = [];
      const record = ({ request }: { request: Request }) => {
        asked.push(new URL(request.url));
      };
      server.events.on('request:start', record);
      try {
        const prefetched = prefetchStore({
          servicesHost: HOST,
          store: 'demo',
          storage: device.storage,
          screen: [{ kind: 'categories' }, { kind: 'products', query: { page_number: 1, page_limit: 10 } }],
        });
        await Promise.all([
          prefetched.validation,
          prefetched.settings?.result,
          prefetched.languages,
          ...prefetched.screen.map((query) => query.result),
        ]);
        // The list is kept under the key the hooks read it with: that of the pincode it was asked for.
        expect(prefetched.screen[1]?.queryKey).toContainEqual(
          expect.objectContaining({ pincode: sent ?? '' }),
        );
      } finally {
        server.events.removeListener('request:start', record);
      }
      expect(
        asked
          .map((url) => [
            url.pathname,
            url.searchParams.get('pin-code'),
            url.searchParams.getAll('language-code'),
          ])
          .sort(([a], [b]) => String(a).localeCompare(String(b))),
      ).toEqual([
        ['/pbs/rest/v3/categories', sent, ['fr']],
        ['/pbs/rest/v3/content-settings', sent, ['fr']],
        // The language list is asked in English whatever the language.
        ['/pbs/rest/v3/languages', sent, ['en']],
        ['/pbs/rest/v3/products', sent, ['fr']],
        ['/ums/rest/v3/validate-store', sent, ['fr']],
      ]);
    },
  );

  it('asks again when a prefetched call failed', async () => {
    sandbox.faults.add({ path: '/ums/rest/v3/validate-store', status: 503, times: 1 });
    const device = newDevice();
    const prefetched = prefetchStore({ servicesHost: HOST, store: 'demo', storage: device.storage });
    expect(prefetched.settings).toBeNull();
    await expect(prefetched.validation).rejects.toThrow();
    const view = renderWithMarket(() => useStoreBootstrap(), device, '/', { prefetched });
    await waitFor(() => expect(view.result.current.status).toBe('ready'));
    expect(calls.filter((call) => call === 'GET /ums/rest/v3/validate-store')).toHaveLength(2);
  });

  it('[U1] a services host answering 503 is "unreachable", not a closed store, and retry() brings the store back', async () => {
    sandbox.faults.add({ path: '/ums/rest/v3/validate-store', status: 503, message: 'Down for maintenance' });
    const view = renderWithMarket(() => useStoreBootstrap(), newDevice(), '/', { queryClient: noRetries() });
    await waitFor(() => expect(view.result.current.status).toBe('unreachable'));
    expect(view.result.current.validation).toEqual({ status: 'error', reason: 'unreachable' });
    sandbox.faults.clear();
    act(() => view.result.current.retry());
    await waitFor(() => expect(view.result.current.status).toBe('ready'));
  });

  it('[U1] a store the services host does not know stays "unavailable"', async () => {
    const view = renderWithMarket(() => useStoreBootstrap(), newDevice(), '/', {
      store: 'no-such-store',
      queryClient: noRetries(),
    });
    await waitFor(() => expect(view.result.current.status).toBe('unavailable'));
  });

  it('gives the currency alone from the cached store calls (INR where settings give none)', async () => {
    const demo = renderWithMarket(() => useCurrency(), newDevice());
    await waitFor(() => expect(demo.result.current?.isoCode).toBe('ZAR'));
    const bazaar = renderWithMarket(() => useCurrency(), newDevice(), '/', { store: 'bazaar' });
    await waitFor(() => expect(calls.filter((call) => call.endsWith('content-settings')).length).toBe(2));
    await waitFor(() => expect(bazaar.result.current?.isoCode).toBe('INR'));
  });

  it('gives no currency until the settings say which (never a default shown first, then replaced)', async () => {
    const seen: (string | null)[] = [];
    const demo = renderWithMarket(() => {
      const currency = useCurrency();
      seen.push(currency?.isoCode ?? null);
      return currency;
    }, newDevice());
    await waitFor(() => expect(demo.result.current?.isoCode).toBe('ZAR'));
    expect(seen[0]).toBeNull();
    expect(seen.filter((code) => code !== null && code !== 'ZAR')).toEqual([]);
  });

  it('gives no currency while the settings cannot be had', async () => {
    sandbox.faults.add({ path: '/pbs/rest/v3/content-settings', status: 500, times: 100 });
    const seen: (string | null)[] = [];
    renderWithMarket(() => {
      const currency = useCurrency();
      seen.push(currency?.isoCode ?? null);
      return currency;
    }, newDevice());
    await waitFor(() =>
      expect(calls.filter((call) => call.endsWith('content-settings')).length).toBeGreaterThan(0),
    );
    expect(seen.every((code) => code === null)).toBe(true);
  });

  it('checks the store status again after an HTTP error elsewhere, not after its own failure', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => ({ store: useStoreBootstrap(), market: useMarket() }), device);
    await waitFor(() => expect(view.result.current.store.status).toBe('ready'));
    const validations = () => calls.filter((call) => call === 'GET /ums/rest/v3/validate-store').length;
    expect(validations()).toBe(1);
    sandbox.faults.add({ path: '/pbs/rest/v3/policies', status: 500, times: 1 });
    await view.result.current.market.client.GET('/pbs/rest/v3/policies');
    await waitFor(() => expect(validations()).toBe(2));
  });

  it("asks again in the store's default language on a first visit (nothing saved yet)", async () => {
    const device = newDevice();
    const view = renderWithMarket(
      () => ({ language: useLanguage(), categories: useCategories() }),
      device,
      '/',
      {
        store: 'souq',
      },
    );
    await waitFor(() => expect(view.result.current.language.language).toBe('ar'));
    expect(device.storage.getItem(STORAGE_KEYS.language)).toBe('ar');
    await waitFor(() =>
      expect(view.result.current.categories.data?.[0]?.category_name).toMatch(/[\u0600-\u06FF]/),
    );
  });

  it('replaces a saved language that is not active with the store default and asks for one reload', async () => {
    const device = newDevice();
    device.storage.setItem(STORAGE_KEYS.language, 'ar');
    const onReload = vi.fn();
    const view = renderWithMarket(() => useLanguage({ onReload }), device);
    await waitFor(() => expect(onReload).toHaveBeenCalledTimes(1));
    expect(device.storage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(view.result.current.direction).toBe('LTR');
  });
});

describe('catalogue structure', () => {
  it('loads the category tree (top level, with children) and the policies in one request each', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => ({ categories: useCategories(), policies: usePolicies() }), device);
    await waitFor(() => expect(view.result.current.categories.data?.length).toBeGreaterThan(0));
    await waitFor(() => expect(view.result.current.policies.data?.length).toBeGreaterThan(0));
    const tree = view.result.current.categories.data ?? [];
    expect(tree.every((category) => category.parent_id === null)).toBe(true);
    expect(tree.some((category) => category.children.length > 0)).toBe(true);
    expect(calls.filter((call) => call === 'GET /pbs/rest/v3/categories')).toHaveLength(1);
    expect(calls.filter((call) => call === 'GET /pbs/rest/v3/policies')).toHaveLength(1);
  });
});

describe('wishlist', () => {
  it('is fetched only when signed in, and sends search only when it is not blank', async () => {
    const device = newDevice();
    const guest = renderWithMarket(() => useWishlist({ search: '   ' }), device);
    expect(guest.result.current.enabled).toBe(false);
    expect(calls.some((c) => c.includes('customer-wishlist'))).toBe(false);
    guest.unmount();
    const view = renderWithMarket(
      () => ({
        session: useSession(),
        blank: useWishlist({ search: '   ' }),
        lamp: useWishlist({ search: ' lamp ', type: 'standard_item' }),
      }),
      device,
    );
    await act(() => view.result.current.session.signIn(signIn));
    await act(() => view.result.current.blank.add(1022));
    await waitFor(() => expect(view.result.current.lamp.items.map((i) => i.product)).toEqual([1022]));
    const wishlistCalls = calls.filter((c) => c.includes('customer-wishlist'));
    expect(wishlistCalls.length).toBeGreaterThan(0);
  });
});

describe('payment return check', () => {
  it('checks the stored order and calls it paid only on "Amount paid for that order"', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => useSession(), device);
    await act(() => view.result.current.signIn(signIn));
    device.storage.setItem(STORAGE_KEYS.payDone, 'false');
    device.storage.setItem(STORAGE_KEYS.orderId, '999999');
    const onPaid = vi.fn();
    const onNotPaid = vi.fn();
    renderWithMarket(() => usePaymentReturnCheck({ onPaid, onNotPaid }), device, '/');
    await waitFor(() => expect(onNotPaid).toHaveBeenCalledWith(999999));
    expect(onPaid).not.toHaveBeenCalled();
    expect(device.storage.getItem(STORAGE_KEYS.payDone)).toBeNull();
  });
});
