import { createSandbox } from '@marketkit/sandbox';
import { createSandboxHandlers } from '@marketkit/sandbox/msw';
import { createMarketClient, createMemoryTokenStore } from '@marketkit/sdk';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { setupServer } from 'msw/node';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueQueries, storeQueries } from '../../src/prefetch/index.ts';
import {
  createMarketQueryClient,
  MarketProvider,
  useCart,
  useLanguage,
  usePincode,
  useProduct,
  useSession,
  useStoreBootstrap,
} from '../../src/react/index.ts';

// A server rendering the page: Node, no DOM, no browser storage. The hooks must render from what the
// server asked and the snapshot it was given, touching nothing of a browser's.
const HOST = 'http://localhost:4010';
const sandbox = createSandbox({ log: () => {} });
const server = setupServer(...createSandboxHandlers(sandbox, { baseUrl: HOST }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

function Page() {
  const store = useStoreBootstrap();
  const language = useLanguage();
  const session = useSession();
  const cart = useCart();
  const { pincode } = usePincode();
  const product = useProduct(1005);
  return (
    <p>
      {store.status}|{store.title}|{language.language}|{language.direction}|{session.status}|
      {session.user?.displayName ?? '-'}|{cart.quantity}|{pincode ?? '-'}|{product.data?.product_name ?? '…'}
    </p>
  );
}

/** React's markers between text parts left out. */
const text = (html: string) => html.replaceAll('<!-- -->', '');

async function answers(language: string) {
  const client = createMarketClient({
    servicesHost: HOST,
    store: 'demo',
    tokens: createMemoryTokenStore(),
    getLanguage: () => language,
    locks: null,
    cookies: null,
    origin: null,
  });
  const queryClient = new QueryClient();
  const store = storeQueries(client);
  await Promise.all([
    queryClient.prefetchQuery(store.validation()),
    queryClient.prefetchQuery(store.languages()),
    queryClient.prefetchQuery(store.settings(14)),
    queryClient.prefetchQuery(catalogueQueries(client).product(1005)),
  ]);
  return dehydrate(queryClient);
}

describe('a server render', () => {
  it('has no DOM and no browser storage here (the test itself runs as a server)', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
  });

  it('renders what the server asked, in the snapshot language, for the session it saw', async () => {
    const state = await answers('fr');
    const html = renderToString(
      <MarketProvider
        servicesHost="/api"
        store="demo"
        storeId={14}
        snapshot={{ language: 'fr', direction: 'LTR', pincode: '2001', signedIn: false }}
      >
        <HydrationBoundary state={state}>
          <Page />
        </HydrationBoundary>
      </MarketProvider>,
    );
    expect(text(html)).toBe(
      '<p>ready|Online store | Marketkit Demo Store|fr|LTR|guest|-|0|2001|Pulse Wireless Earbuds</p>',
    );
  });

  it("shows the session the shopper's cookie holds when the server passes its tokens", async () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'u1', name: 'Asha Shopper' })).toString('base64url');
    const tokens = createMemoryTokenStore({ access_token: `e30.${payload}.sig`, expires_in: 0 });
    const html = renderToString(
      <MarketProvider
        servicesHost="/api"
        store="demo"
        tokens={tokens}
        snapshot={{ language: 'en', direction: 'LTR', pincode: null, signedIn: true }}
      >
        <HydrationBoundary state={await answers('en')}>
          <Page />
        </HydrationBoundary>
      </MarketProvider>,
    );
    expect(text(html)).toContain('|signed-in|Asha Shopper|0|-|');
  });

  it('keeps no gc timer for a query client made on a server', () => {
    const client = createMarketQueryClient();
    expect(client.getDefaultOptions().queries?.gcTime).toBe(Number.POSITIVE_INFINITY);
  });
});
