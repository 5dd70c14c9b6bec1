// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { onRoutes } from '../../src/core/index.ts';
import {
  MarketProvider,
  type MarketProviderProps,
  STORAGE_KEYS,
  type UseSessionResult,
  useAiConfiguration,
  useBuyNow,
  useCart,
  useGuestCartMerge,
  useSession,
} from '../../src/react/index.ts';
import {
  type Device,
  HOST,
  newDevice,
  noRetries,
  products,
  renderWithMarket,
  serverCart,
  setupSandbox,
} from './harness.tsx';

const { sandbox, server, calls } = setupSandbox();
const A = 1009; // Braided USB-C Cable
const B = 1010; // 65W Fast Charger
const C = 1011; // Power Bank
const OUT_OF_STOCK = 1008; // Studio Condenser Microphone
const BAMBOO = 1020; // Bamboo Cutting Board

const useShop = () => ({
  cart: useCart(),
  session: useSession(),
  merge: useGuestCartMerge(),
});

/** The test runs the merge itself: the provider does not start it. */
const manual = { guestCartMerge: 'manual' } as const;

async function guestFills(device: ReturnType<typeof newDevice>, lines: [number, number][]) {
  const view = renderWithMarket(useShop, device, '/', manual);
  const found = await products(lines.map(([id]) => id));
  for (const [index, [, quantity]] of lines.entries()) {
    await act(() => view.result.current.cart.add(found[index] as (typeof found)[number], quantity));
  }
  return view;
}

/** The seeded shopper signs in on the device of `view` (the merge then waits for `merge.merge()`). */
const signIn = (view: { result: { current: { session: UseSessionResult } } }) =>
  act(() => view.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }));

const mergeCalls = () => calls.filter((c) => c.includes('/customer-cart'));

describe('guest cart → sign-in → merge', () => {
  it('merges guest [A×2, B×1] into server [A×1, C×1] as [A×3, B×1, C×1] with 1 GET, 1 POST and 1 PUT', async () => {
    const readServer = await serverCart([
      [A, 1],
      [C, 1],
    ]);
    const device = newDevice();
    const view = await guestFills(device, [
      [A, 2],
      [B, 1],
    ]);
    expect(view.result.current.cart.source).toBe('guest');
    expect(view.result.current.cart.lines.map((i) => [i.product, i.cart_quantity])).toEqual([
      [A, 2],
      [B, 1],
    ]);
    await signIn(view);
    // The cart on screen was read before the merge was asked for: the merge reads afresh, never from it.
    await waitFor(() => expect(view.result.current.cart.state).toBe('ready'));
    calls.length = 0;
    const outcome = await act(() => view.result.current.merge.merge());
    expect(mergeCalls().slice(0, 3)).toEqual([
      'GET /cfs/rest/v3/customer-cart',
      'POST /cfs/rest/v3/customer-cart',
      'PUT /cfs/rest/v3/customer-cart/70001',
    ]);
    expect(outcome.merged.sort()).toEqual([A, B]);
    expect(await readServer()).toEqual({ [A]: 3, [B]: 1, [C]: 1 });
    expect(JSON.parse(device.storage.getItem(STORAGE_KEYS.guestCart) ?? '{}').data.items).toEqual([]);
    await waitFor(() => expect(view.result.current.cart.source).toBe('server'));
    await waitFor(() =>
      expect(view.result.current.cart.lines.map((i) => [i.product, i.cart_quantity]).sort()).toEqual([
        [A, 3],
        [B, 1],
        [C, 1],
      ]),
    );
  });

  it('[M5] shares one read of the server cart with the header’s cart, both starting at sign-in', async () => {
    const readServer = await serverCart([[A, 1]]);
    const device = newDevice();
    (
      await guestFills(device, [
        [A, 2],
        [B, 1],
      ])
    ).unmount();
    // A page with the header's cart and the shell's automatic merge: both start with the session.
    const page = renderWithMarket(
      () => ({ cart: useCart(), session: useSession(), merge: useGuestCartMerge() }),
      device,
      '/',
    );
    calls.length = 0;
    await act(() =>
      page.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }),
    );
    await waitFor(() => expect(page.result.current.merge.status).toBe('done'));
    await waitFor(() =>
      expect(page.result.current.cart.lines.map((i) => [i.product, i.cart_quantity]).sort()).toEqual([
        [A, 3],
        [B, 1],
      ]),
    );
    // One read before the writes (the header's, the merge shares it), then the merged cart is read once.
    expect(mergeCalls().map((call) => call.split(' ')[0])).toEqual(['GET', 'POST', 'PUT', 'GET']);
    expect(await readServer()).toEqual({ [A]: 3, [B]: 1 });
  });

  it('sends 1 GET + 1 POST + k PUTs for k products already on the server and m new ones', async () => {
    const existing = [1009, 1010];
    const fresh = [1011, 1013, 1016];
    const k = existing.length;
    await serverCart(existing.map((id) => [id, 1] as [number, number]));
    const device = newDevice();
    const view = await guestFills(
      device,
      [...existing, ...fresh].map((id) => [id, 1] as [number, number]),
    );
    view.unmount();
    // Only the session and the merge: no cart on screen to refetch afterwards.
    const bare = renderWithMarket(
      () => ({ session: useSession(), merge: useGuestCartMerge() }),
      device,
      '/',
      manual,
    );
    await act(() =>
      bare.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }),
    );
    calls.length = 0;
    await act(() => bare.result.current.merge.merge());
    const sent = mergeCalls();
    expect(sent.filter((c) => c.startsWith('GET'))).toHaveLength(1);
    expect(sent.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(sent.filter((c) => c.startsWith('PUT'))).toHaveLength(k);
    expect(sent).toHaveLength(1 + 1 + k);
    expect(JSON.parse(device.storage.getItem(STORAGE_KEYS.guestCart) ?? '{}').data.items).toHaveLength(0);
  });

  const CART_LINE = '/cfs/rest/v3/customer-cart/*';
  it.each([
    [
      'the answer to the POST is lost after the server added B',
      { method: 'POST', path: '/cfs/rest/v3/customer-cart', malformed: 'truncated' },
      [A, B],
    ],
    [
      'the connection drops before the POST reaches the server',
      { method: 'POST', path: '/cfs/rest/v3/customer-cart', drop: true },
      [A, B],
    ],
    [
      'the connection drops before the PUT of A reaches the server',
      { method: 'PUT', path: CART_LINE, drop: true },
      [A],
    ],
    [
      'the answer to the PUT is lost after the server summed A',
      { method: 'PUT', path: CART_LINE, malformed: 'truncated' },
      [A],
    ],
  ] as const)(
    '[M1] %s: unconfirmed lines stay on the device; the next start merges them once',
    async (_case, fault, kept) => {
      const readServer = await serverCart([
        [A, 1],
        [C, 1],
      ]);
      const device = newDevice();
      const first = await guestFills(device, [
        [A, 2],
        [B, 1],
      ]);
      await act(() =>
        first.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }),
      );
      sandbox.faults.add({ ...fault, times: 1 });
      await act(() => expect(first.result.current.merge.merge()).rejects.toThrow());
      const stored = () =>
        (
          JSON.parse(device.storage.getItem(STORAGE_KEYS.guestCart) ?? '{}').data.items as {
            productId: number;
          }[]
        )
          .map((item) => item.productId)
          .sort();
      // Nothing lost: a line leaves the device only once the server has confirmed it.
      expect(stored()).toEqual([...kept].sort());
      const midway = await readServer();
      expect([1, 3]).toContain(midway[A]); // never summed twice
      first.unmount();

      // The next start on the same device.
      const second = renderWithMarket(useShop, device, '/', manual);
      await act(() => second.result.current.merge.merge());
      expect(await readServer()).toEqual({ [A]: 3, [B]: 1, [C]: 1 });
      expect(stored()).toEqual([]);
      expect(device.storage.getItem(STORAGE_KEYS.mergeJournal)).toContain('null');

      // And once more: nothing left to send, nothing doubled.
      await act(() => second.result.current.merge.merge());
      expect(await readServer()).toEqual({ [A]: 3, [B]: 1, [C]: 1 });
    },
  );

  it('[M4] every cart write carries a key of its own: one the browser sends again changes nothing', async () => {
    const readServer = await serverCart([[A, 1]]);
    type Sent = { method: string; url: string; headers: Headers; body: string };
    const writes: Promise<Sent>[] = [];
    const record = ({ request }: { request: Request }) => {
      if (
        request.method !== 'GET' &&
        new URL(request.url).pathname.startsWith('/cfs/rest/v3/customer-cart')
      ) {
        const { method, url, headers } = request;
        writes.push(
          request
            .clone()
            .text()
            .then((body) => ({ method, url, headers: new Headers(headers), body })),
        );
      }
    };
    server.events.on('request:start', record);
    try {
      const device = newDevice();
      const view = await guestFills(device, [
        [A, 2],
        [B, 1],
      ]);
      await signIn(view);
      await act(() => view.result.current.merge.merge());
      expect(await readServer()).toEqual({ [A]: 3, [B]: 1 });
      const [cFound] = await products([C]);
      await act(() => view.result.current.cart.add(cFound as NonNullable<typeof cFound>, 1));
      const sent = await Promise.all(writes);
      const keys = sent.map((request) => request.headers.get('idempotency-key'));
      expect(sent.map((request) => request.method)).toEqual(['POST', 'PUT', 'POST']);
      expect(keys.every((key) => typeof key === 'string' && key.length > 0 && key.length <= 128)).toBe(true);
      expect(new Set(keys).size).toBe(keys.length);

      // The connection of each dropped after the server applied it, and the browser sent it again.
      for (const { url, method, headers, body } of sent)
        expect((await fetch(url, { method, headers, body: body || null })).ok).toBe(true);
      expect(await readServer()).toEqual({ [A]: 3, [B]: 1, [C]: 1 });
    } finally {
      server.events.removeListener('request:start', record);
    }
  });

  it('[M2] sends each change once when the merge is triggered twice', async () => {
    const readServer = await serverCart([[A, 1]]);
    const device = newDevice();
    const view = await guestFills(device, [
      [A, 2],
      [B, 1],
    ]);
    await signIn(view);
    calls.length = 0;
    await act(() => Promise.all([view.result.current.merge.merge(), view.result.current.merge.merge()]));
    const sent = mergeCalls().filter((c) => !c.startsWith('GET') || c === mergeCalls()[0]);
    expect(sent.filter((c) => c.startsWith('POST'))).toHaveLength(1);
    expect(sent.filter((c) => c.startsWith('PUT'))).toHaveLength(1);
    expect(await readServer()).toEqual({ [A]: 3, [B]: 1 });
  });

  it('[M3] keeps a line the server refuses on the device, with the server message; the others are merged', async () => {
    const readServer = await serverCart([]);
    const device = newDevice();
    const view = await guestFills(device, [
      [A, 1],
      [OUT_OF_STOCK, 1],
    ]);
    await signIn(view);
    const outcome = await act(() => view.result.current.merge.merge());
    expect(outcome.rejected).toEqual([
      { product: OUT_OF_STOCK, message: 'Studio Condenser Microphone is out of stock' },
    ]);
    expect(await readServer()).toEqual({ [A]: 1 });
    const stored = JSON.parse(device.storage.getItem(STORAGE_KEYS.guestCart) ?? '{}').data.items;
    expect(stored).toEqual([
      expect.objectContaining({
        productId: OUT_OF_STOCK,
        error: 'Studio Condenser Microphone is out of stock',
      }),
    ]);
  });

  it('[M3] shows a refused entry of the signed-in cart with its message, outside the cart lines, until removed', async () => {
    const readServer = await serverCart([[A, 1]]);
    const device = newDevice();
    const view = await guestFills(device, [
      [A, 1],
      [BAMBOO, 2],
    ]);
    await signIn(view);
    sandbox.faults.add({
      method: 'POST',
      path: '/cfs/rest/v3/customer-cart',
      status: 422,
      message: 'Bamboo is not sold in your region',
      times: 1,
    });
    const outcome = await act(() => view.result.current.merge.merge());
    expect(outcome.rejected).toEqual([{ product: BAMBOO, message: 'Bamboo is not sold in your region' }]);
    expect(await readServer()).toEqual({ [A]: 2 });
    await waitFor(() =>
      expect(view.result.current.cart.lines.map((i) => [i.product, i.cart_quantity])).toEqual([[A, 2]]),
    );
    const cart = view.result.current.cart;
    // Not a cart line: not counted, not checked out.
    expect([cart.count, cart.quantity]).toEqual([1, 2]);
    expect(cart.refused).toEqual([
      expect.objectContaining({
        product: BAMBOO,
        cart_quantity: 2,
        error: 'Bamboo is not sold in your region',
      }),
    ]);

    calls.length = 0;
    await act(() => view.result.current.cart.remove(cart.refused[0]?.id ?? ''));
    expect(view.result.current.cart.refused).toEqual([]);
    expect(JSON.parse(device.storage.getItem(STORAGE_KEYS.guestCart) ?? '{}').data.items).toEqual([]);
    // It was only ever on this device: nothing is asked of the server.
    expect(mergeCalls()).toEqual([]);
    expect(await readServer()).toEqual({ [A]: 2 });
  });

  it('sign-in that returns to /cart (next=/cart): the guest line is merged there, by itself', async () => {
    const readServer = await serverCart([]);
    const device = newDevice();
    // The app blocks its sign-in page; the hooks block nothing of their own.
    let where = '/cart';
    const view = renderWithMarket(
      () => ({ cart: useCart(), session: useSession(), merge: useGuestCartMerge() }),
      device,
      '/cart',
      { pathname: () => where, mergeBlockedOn: onRoutes(['/signin']) },
    );
    const [a] = await products([A]);
    await act(() => view.result.current.cart.add(a as NonNullable<typeof a>, 2));
    where = '/signin';
    view.rerender();
    await act(() =>
      view.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }),
    );
    expect(view.result.current.merge.status).toBe('idle');
    // The sign-in page sends the shopper back to next=/cart.
    where = '/cart';
    view.rerender();
    await waitFor(() => expect(view.result.current.merge.status).toBe('done'));
    await waitFor(() =>
      expect(view.result.current.cart.lines.map((i) => [i.product, i.cart_quantity])).toEqual([[A, 2]]),
    );
    expect(await readServer()).toEqual({ [A]: 2 });
  });
});

describe('the pending buy-now item', () => {
  it("is added after sign-in unless already in the cart, and skipped where the app's rule says", async () => {
    const readServer = await serverCart([]);
    const device = newDevice();
    const onProduct = renderWithMarket(
      () => ({ session: useSession(), buyNow: useBuyNow(), merge: useGuestCartMerge() }),
      device,
      '/ProductDetails',
      { ...manual, buyNowBlockedOn: onRoutes(['/ProductDetails']) },
    );
    act(() => onProduct.result.current.buyNow.set(C, 2));
    await act(() =>
      onProduct.result.current.session.signIn({ username: 'shopper@example.com', password: 'Password123' }),
    );
    expect((await act(() => onProduct.result.current.merge.merge())).buyNowAdded).toBe(false);
    expect(await readServer()).toEqual({});
    onProduct.unmount();
    const home = renderWithMarket(
      () => ({ buyNow: useBuyNow(), merge: useGuestCartMerge() }),
      device,
      '/',
      manual,
    );
    expect((await act(() => home.result.current.merge.merge())).buyNowAdded).toBe(true);
    expect(await readServer()).toEqual({ [C]: 2 });
    expect(home.result.current.buyNow.item).toBeNull();
  });
});

describe('AI configuration', () => {
  it('is fetched only for signed-in shoppers', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => ({ session: useSession(), ai: useAiConfiguration() }), device);
    expect(view.result.current.ai.askAi).toBe(false);
    expect(calls.some((c) => c.includes('ai-configuration'))).toBe(false);
    await signIn(view);
    await waitFor(() => expect(view.result.current.ai.askAi).toBe(true));
  });
});

/** What the components below give the test (they run inside the provider). */
const probe: { session?: ReturnType<typeof useSession>; merge?: () => Promise<unknown> } = {};

/** The header of one app: signs in, and reads the merge. */
function Header() {
  probe.session = useSession();
  const { status, outcome } = useGuestCartMerge();
  return <p data-testid="header">{`${status}|${outcome?.merged.join(',') ?? '-'}`}</p>;
}

/** The cart page of the same app: reads the merge too, and may run it. */
function CartPage() {
  const { status, outcome, error, merge } = useGuestCartMerge();
  probe.merge = merge;
  return <p data-testid="page">{`${status}|${outcome?.merged.join(',') ?? '-'}|${error?.code ?? '-'}`}</p>;
}

describe('one merge per provider', () => {
  afterEach(cleanup);
  const app = (on: Device, page: boolean, props: Partial<MarketProviderProps> = {}) => (
    <MarketProvider
      servicesHost={HOST}
      store="demo"
      storage={on.storage}
      tokens={on.tokens}
      pathname={() => '/'}
      queryClient={noRetries()}
      {...props}
    >
      <Header />
      {page ? <CartPage /> : null}
    </MarketProvider>
  );
  const signIn = () =>
    act(async () => {
      await probe.session?.signIn({ username: 'shopper@example.com', password: 'Password123' });
    });

  it('starts by itself at sign-in, runs once, and every reader (one mounted later too) sees the same status and outcome', async () => {
    const readServer = await serverCart([]);
    const on = newDevice();
    await guestFills(on, [[A, 2]]).then((view) => view.unmount());
    const view = render(app(on, false));
    calls.length = 0;
    await signIn();
    await waitFor(() => expect(screen.getByTestId('header').textContent).toBe(`done|${A}`));
    view.rerender(app(on, true));
    expect(screen.getByTestId('page').textContent).toBe(`done|${A}|-`);
    expect(mergeCalls().filter((call) => call.startsWith('POST'))).toHaveLength(1);
    expect(await readServer()).toEqual({ [A]: 2 });
  });

  it("manual: the provider leaves the merge to the app's merge(), whose run every reader sees", async () => {
    const readServer = await serverCart([]);
    const on = newDevice();
    await guestFills(on, [[B, 1]]).then((view) => view.unmount());
    render(app(on, true, { guestCartMerge: 'manual' }));
    calls.length = 0;
    await signIn();
    expect(screen.getByTestId('page').textContent).toBe('idle|-|-');
    expect(mergeCalls().filter((call) => !call.startsWith('GET'))).toEqual([]);
    await act(() => probe.merge?.());
    expect(screen.getByTestId('header').textContent).toBe(`done|${B}`);
    expect(screen.getByTestId('page').textContent).toBe(`done|${B}|-`);
    expect(await readServer()).toEqual({ [B]: 1 });
  });

  it('a failed merge: one MarketApiError for every reader, the lines kept; merge() tries again and sends them once', async () => {
    const readServer = await serverCart([]);
    const on = newDevice();
    await guestFills(on, [[C, 3]]).then((view) => view.unmount());
    render(app(on, true));
    sandbox.faults.add({ method: 'POST', path: '/cfs/rest/v3/customer-cart', status: 503, times: 1 });
    await signIn();
    await waitFor(() => expect(screen.getByTestId('page').textContent).toBe('failed|-|SERVER_ERROR'));
    expect(screen.getByTestId('header').textContent).toBe('failed|-');
    expect(JSON.parse(on.storage.getItem(STORAGE_KEYS.guestCart) ?? '{}').data.items).toHaveLength(1);
    // Not started again by itself in this session: the app decides (a retry button).
    expect(await readServer()).toEqual({});
    await act(() => probe.merge?.());
    expect(screen.getByTestId('page').textContent).toBe(`done|${C}|-`);
    expect(screen.getByTestId('header').textContent).toBe(`done|${C}`);
    expect(await readServer()).toEqual({ [C]: 3 });
  });
});
