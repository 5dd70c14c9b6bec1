// @vitest-environment jsdom

import { createMemoryTokenStore, writeCookie } from '@marketkit/sdk';
import { type DehydratedState, dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LISTING, unsignedToken } from '../../src/core/index.ts';
import { catalogueQueries, storeQueries } from '../../src/prefetch/index.ts';
import {
  createMemoryStorage,
  MarketProvider,
  type MarketSnapshot,
  STORAGE_KEYS,
  useCart,
  useLanguage,
  usePaymentPending,
  usePincode,
  useProducts,
  useRecentlyViewed,
  useSession,
  useStoreBootstrap,
} from '../../src/react/index.ts';
import { HOST, setupSandbox } from './harness.tsx';

// A page the server rendered with a snapshot, hydrated in a browser whose own storage holds more than
// the server could see: the first render matches the server's HTML exactly, then the browser's own
// state (its guest cart, language, pincode, session) shows.
const { calls } = setupSandbox();

/** How many times Page rendered (a re-render after hydration is a long task on a slow phone). */
let renders = 0;

function Page() {
  renders += 1;
  const store = useStoreBootstrap();
  const language = useLanguage();
  const session = useSession();
  const cart = useCart();
  const { pincode } = usePincode();
  const recent = useRecentlyViewed();
  const pending = usePaymentPending();
  const list = useProducts(DEFAULT_LISTING);
  return (
    <p data-testid="page">
      {`${store.status}|${language.language}|${session.status}|${cart.quantity}|${pincode ?? '-'}|${recent.ids.length}|${pending}|${list.data?.data.length ?? 'loading'}`}
    </p>
  );
}

/** What the storefront's server asks before rendering: the store and the first screen, as a guest. */
async function serverAnswers(pincode: string | null) {
  const queryClient = new QueryClient();
  const { createMarketClient } = await import('@marketkit/sdk');
  const client = createMarketClient({
    servicesHost: HOST,
    store: 'demo',
    tokens: createMemoryTokenStore(),
    getLanguage: () => 'en',
    getPincode: () => pincode,
    locks: null,
    cookies: null,
    origin: null,
  });
  const store = storeQueries(client);
  await Promise.all([
    queryClient.prefetchQuery(store.validation()),
    queryClient.prefetchQuery(store.languages()),
    queryClient.prefetchQuery(store.settings(14)),
    queryClient.prefetchQuery(catalogueQueries(client, { pincode }).products(DEFAULT_LISTING)),
  ]);
  return dehydrate(queryClient);
}

const tree = (
  props: {
    snapshot: MarketSnapshot;
    storage?: ReturnType<typeof createMemoryStorage>;
    tokens?: ReturnType<typeof createMemoryTokenStore>;
  },
  state: Awaited<ReturnType<typeof serverAnswers>>,
) => (
  <MarketProvider servicesHost={HOST} store="demo" storeId={14} {...props}>
    <HydrationBoundary state={state}>
      <Page />
    </HydrationBoundary>
  </MarketProvider>
);

/**
 * The server's HTML in the page, hydrated with the browser's own provider: the container and what
 * React reported as not matching.
 */
async function hydrateServerHtml(html: string, snapshot: MarketSnapshot, state: DehydratedState) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree({ snapshot }, state), {
      onRecoverableError: (error) => recoverable.push(error),
    });
  });
  return { container, recoverable };
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  for (const cookie of document.cookie.split(';'))
    writeCookie(document, cookie.split('=')[0]?.trim() ?? '', '', { days: -1 }, Date.now);
});

describe('a server-rendered page in the browser', () => {
  it("hydrates exactly what the server rendered, then shows the browser's own state", async () => {
    const snapshot: MarketSnapshot = { language: 'en', direction: 'LTR', pincode: null, signedIn: false };
    const state = await serverAnswers(null);
    // The server: memory storage, no cookies (what storefront's server gives the provider).
    const html = renderToString(
      tree({ snapshot, storage: createMemoryStorage(), tokens: createMemoryTokenStore() }, state),
    );
    expect(html.replaceAll('<!-- -->', '')).toContain('ready|en|guest|0|-|0|false|10');

    // The browser holds a guest cart, recently viewed products and a payment flag of its own.
    localStorage.setItem(
      STORAGE_KEYS.guestCart,
      JSON.stringify({
        version: 1,
        data: {
          items: [
            {
              productId: 1005,
              productName: 'Pulse Wireless Earbuds',
              productPrice: 1299,
              sellingPrice: 1039.2,
              quantity: 10,
              cartQuantity: 3,
              addedQuantity: 0,
              discountDetails: null,
              productImage: '',
              product_type_name: 'Physical Product',
              key: '1005',
            },
          ],
        },
      }),
    );
    localStorage.setItem(STORAGE_KEYS.recentlyViewed, JSON.stringify({ version: 1, data: [1001, 1002] }));
    localStorage.setItem(STORAGE_KEYS.payDone, 'false');
    calls.length = 0;

    const errors = vi.spyOn(console, 'error');
    const { container, recoverable } = await hydrateServerHtml(html, snapshot, state);
    expect(recoverable).toEqual([]);
    expect(errors).not.toHaveBeenCalled();
    // After hydration: the device's cart, what it viewed and its payment flag.
    expect(container.textContent).toBe('ready|en|guest|3|-|2|true|10');
    // Nothing the server answered was asked again.
    expect(calls.filter((call) => /validate-store|content-settings|languages|products$/.test(call))).toEqual(
      [],
    );
  });

  it('a first visit (the browser holds what the server rendered): nothing renders again after hydration', async () => {
    const snapshot: MarketSnapshot = { language: 'en', direction: 'LTR', pincode: null, signedIn: false };
    const state = await serverAnswers(null);
    const html = renderToString(
      tree({ snapshot, storage: createMemoryStorage(), tokens: createMemoryTokenStore() }, state),
    );
    renders = 0;
    const { container, recoverable } = await hydrateServerHtml(html, snapshot, state);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toBe('ready|en|guest|0|-|0|false|10');
    expect(renders).toBe(1);
  });

  it('keeps the language and pincode the server took from its cookies where the browser holds none', async () => {
    const snapshot: MarketSnapshot = { language: 'fr', direction: 'LTR', pincode: '2001', signedIn: false };
    const state = await serverAnswers('2001');
    const html = renderToString(
      tree({ snapshot, storage: createMemoryStorage(), tokens: createMemoryTokenStore() }, state),
    );
    const { container, recoverable } = await hydrateServerHtml(html, snapshot, state);
    expect(recoverable).toEqual([]);
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('fr');
    expect(container.textContent).toContain('|fr|guest|0|2001|');
  });

  it('a session the server did not see (a link from another site) shows after hydration', async () => {
    const snapshot: MarketSnapshot = { language: 'en', direction: 'LTR', pincode: null, signedIn: false };
    const state = await serverAnswers(null);
    const html = renderToString(
      tree({ snapshot, storage: createMemoryStorage(), tokens: createMemoryTokenStore() }, state),
    );
    // Signed in on this device (a real session: the services host checks the token).
    const login = await fetch(`${HOST}/ums/rest/v3/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
      body: JSON.stringify({ username: 'shopper@example.com', password: 'Password123' }),
    });
    const grant = ((await login.json()) as { response_body: { access_token: string } }).response_body;
    writeCookie(document, 'access_token', grant.access_token, { days: 1 }, Date.now);

    const { container, recoverable } = await hydrateServerHtml(html, snapshot, state);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toContain('|signed-in|');
  });

  it('a session that ended between the render and hydration (another tab signed out): it hydrates, then shows a guest', async () => {
    const login = await fetch(`${HOST}/ums/rest/v3/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
      body: JSON.stringify({ username: 'shopper@example.com', password: 'Password123' }),
    });
    const grant = ((await login.json()) as { response_body: { access_token: string } }).response_body;
    const session = unsignedToken(grant.access_token);
    expect(session?.endsWith('.')).toBe(true); // no signature: never a bearer token
    const snapshot: MarketSnapshot = {
      language: 'en',
      direction: 'LTR',
      pincode: null,
      signedIn: true,
      session,
    };
    const state = await serverAnswers(null);
    const html = renderToString(
      tree(
        { snapshot, storage: createMemoryStorage(), tokens: createMemoryTokenStore(grant as never) },
        state,
      ),
    );
    expect(html).toContain('|signed-in|');
    // No access cookie in this browser any more.
    const { container, recoverable } = await hydrateServerHtml(html, snapshot, state);
    expect(recoverable).toEqual([]);
    expect(container.textContent).toContain('|guest|');
  });
});
