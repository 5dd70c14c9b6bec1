// @vitest-environment jsdom
import { isMarketApiError } from '@marketkit/sdk';
import { act, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { toMarketError, useCart, useGuestCartMerge, useSession } from '../../src/react/index.ts';
import { HOST, newDevice, products, renderWithMarket, serverCart, setupSandbox } from './harness.tsx';

const { sandbox, server, calls } = setupSandbox();
const SIGN_IN = { username: 'shopper@example.com', password: 'Password123' };
const CABLE = 1009;
const CHARGER = 1010;
const OUT_OF_STOCK = 1008; // Studio Condenser Microphone

async function summaries() {
  const [cable, charger, microphone] = await products([CABLE, CHARGER, OUT_OF_STOCK]);
  if (!cable || !charger || !microphone) throw new Error('the seed lacks a product');
  return { cable, charger, microphone };
}

/** A cart on a device; `signedIn` signs the seeded shopper in first. */
async function cartOn(signedIn: boolean) {
  const device = newDevice();
  const view = renderWithMarket(() => ({ cart: useCart(), session: useSession() }), device, '/cart');
  if (signedIn) {
    await act(() => view.result.current.session.signIn(SIGN_IN));
    await waitFor(() => expect(view.result.current.cart.state).not.toBe('loading'));
  }
  return view;
}

const shown = (view: Awaited<ReturnType<typeof cartOn>>) =>
  view.result.current.cart.lines.map((line) => [line.product, line.cart_quantity]);

describe('adding says what happened with a code, never in English', () => {
  it("a guest's cart: ADDED, then ALREADY_IN_CART (the latest quantity wins); no server, no message", async () => {
    const { cable } = await summaries();
    const view = await cartOn(false);
    expect(await act(() => view.result.current.cart.add(cable, 2))).toEqual({
      code: 'ADDED',
      alreadyInCart: false,
      serverMessage: null,
      capped: null,
    });
    expect(await act(() => view.result.current.cart.add(cable, 3))).toEqual({
      code: 'ALREADY_IN_CART',
      alreadyInCart: true,
      serverMessage: null,
      capped: null,
    });
    expect(shown(view)).toEqual([[CABLE, 3]]);
    expect(calls.filter((call) => call.includes('customer-cart'))).toEqual([]);
  });

  it("a signed-in cart: the same codes, with the server's own message beside them", async () => {
    const { cable } = await summaries();
    const view = await cartOn(true);
    const added = await act(() => view.result.current.cart.add(cable, 2));
    expect(added).toMatchObject({ code: 'ADDED', alreadyInCart: false });
    expect(typeof added.serverMessage).toBe('string');
    const again = await act(() => view.result.current.cart.add(cable, 3));
    expect(again).toMatchObject({ code: 'ALREADY_IN_CART', alreadyInCart: true });
    expect(typeof again.serverMessage).toBe('string');
    await waitFor(() => expect(shown(view)).toEqual([[CABLE, 3]]));
    // Friendlier lines beside the server's own answer, which stays reachable.
    expect(view.result.current.cart.serverCart?.Products.map((line) => line.product)).toEqual([CABLE]);
    expect(view.result.current.cart.summary).toEqual(view.result.current.cart.serverCart?.summary);
  });

  it('a product the server refuses rejects with its words, as a MarketApiError, and adds nothing', async () => {
    const { microphone } = await summaries();
    const view = await cartOn(true);
    const refusal = await act(() =>
      view.result.current.cart.add(microphone, 1).catch((error: unknown) => error),
    );
    expect(refusal).toMatchObject({
      name: 'MarketApiError',
      kind: 'http',
      code: 'VALIDATION_FAILED',
      responseMessage: 'Studio Condenser Microphone is out of stock',
    });
    expect(view.result.current.cart.lines).toEqual([]);
  });
});

describe('an add cut to the cap says so (the units asked for, the units the line holds)', () => {
  const EBOOK = 1048; // The Home Chef E-book: a digital product, 999 "in stock"

  it("a guest's cart: cut to the stock, and to 999 a line", async () => {
    const [cable, ebook] = await products([CABLE, EBOOK]);
    if (!cable || !ebook) throw new Error('the seed lacks a product');
    const view = await cartOn(false);
    const added = await act(() => view.result.current.cart.add(cable, cable.quantity + 5));
    expect(added.capped).toEqual({ requested: cable.quantity + 5, allowed: cable.quantity, reason: 'stock' });
    const many = await act(() => view.result.current.cart.add(ebook, 1010));
    expect(many.capped).toEqual({ requested: 1010, allowed: 999, reason: 'line-limit' });
    expect(shown(view)).toEqual([
      [CABLE, cable.quantity],
      [EBOOK, 999],
    ]);
  });

  it('[C1] setting a quantity past the stock or 999 sets the cap and says so; within it, nothing to say', async () => {
    const [cable, ebook] = await products([CABLE, EBOOK]);
    if (!cable || !ebook) throw new Error('the seed lacks a product');
    for (const signedIn of [false, true]) {
      const view = await cartOn(signedIn);
      await act(() => view.result.current.cart.add(cable, 1));
      await act(() => view.result.current.cart.add(ebook, 1));
      await waitFor(() => expect(view.result.current.cart.lines).toHaveLength(2));
      const idOf = (product: number) =>
        view.result.current.cart.lines.find((line) => line.product === product)?.id ?? -1;
      expect(await act(() => view.result.current.cart.setQuantity(idOf(CABLE), cable.quantity + 3))).toEqual({
        capped: { requested: cable.quantity + 3, allowed: cable.quantity, reason: 'stock' },
      });
      expect(await act(() => view.result.current.cart.setQuantity(idOf(EBOOK), 1500))).toEqual({
        capped: { requested: 1500, allowed: 999, reason: 'line-limit' },
      });
      expect(await act(() => view.result.current.cart.setQuantity(idOf(EBOOK), 4))).toEqual({ capped: null });
      await waitFor(() =>
        expect(shown(view)).toEqual(
          expect.arrayContaining([
            [CABLE, cable.quantity],
            [EBOOK, 4],
          ]),
        ),
      );
      view.unmount();
      await sandbox.reset();
    }
  });

  it('[C1] a signed-in cart: a line another device filled is stopped at 999 by the server, and that is said', async () => {
    const [ebook] = await products([EBOOK]);
    if (!ebook) throw new Error('the seed lacks a product');
    const view = await cartOn(true);
    // Another device of the same shopper puts 998 in the cart this one has already read.
    await serverCart([[EBOOK, 998]]);
    const added = await act(() => view.result.current.cart.add(ebook, 5));
    expect(added).toMatchObject({
      code: 'ADDED',
      capped: { requested: 5, allowed: 999, reason: 'line-limit' },
    });
    await waitFor(() => expect(shown(view)).toEqual([[EBOOK, 999]]));
  });
});

describe('cart writes: shown at once, taken back when they fail, in the order they were made', () => {
  it('a connection that drops mid-write loses nothing: the line goes back and the server is unchanged', async () => {
    const { cable } = await summaries();
    const view = await cartOn(true);
    await act(() => view.result.current.cart.add(cable, 2));
    await waitFor(() => expect(shown(view)).toEqual([[CABLE, 2]]));
    const id = view.result.current.cart.lines[0]?.id as number;
    sandbox.faults.add({ method: 'PUT', path: '/cfs/rest/v3/customer-cart/*', drop: true, times: 1 });
    const failure = await act(() =>
      view.result.current.cart.setQuantity(id, 5).catch((error: unknown) => error),
    );
    expect(failure).toMatchObject({ name: 'MarketApiError', code: 'NETWORK_ERROR' });
    await waitFor(() => expect(shown(view)).toEqual([[CABLE, 2]]));
    const readServer = await serverCart([]);
    expect(await readServer()).toEqual({ [CABLE]: 2 });
  });

  it('a refused removal puts the line back where it was', async () => {
    const { cable, charger } = await summaries();
    const view = await cartOn(true);
    await act(() => view.result.current.cart.add(cable, 1));
    await act(() => view.result.current.cart.add(charger, 1));
    await waitFor(() => expect(view.result.current.cart.count).toBe(2));
    const before = shown(view);
    const first = view.result.current.cart.lines[0]?.id as number;
    // The server's answer waits until the test has seen the line go.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.delete(
        `${HOST}/cfs/rest/v3/customer-cart/:id`,
        async () => {
          await answered;
          return HttpResponse.json({ response_message: 'Try again', response_body: null }, { status: 503 });
        },
        { once: true },
      ),
    );
    let removal: Promise<unknown> = Promise.resolve();
    act(() => {
      removal = view.result.current.cart.remove(first).catch((error: unknown) => error);
    });
    // Gone from the screen at once…
    await waitFor(() => expect(view.result.current.cart.count).toBe(1));
    // …and back, in its place, when the server refuses.
    answer();
    expect(await act(() => removal)).toMatchObject({ code: 'SERVER_ERROR', status: 503 });
    // (The query cache tells its readers on its next tick: waited for, not timed.)
    await waitFor(() => expect(shown(view)).toEqual(before));
  });

  it('a refused clear brings the lines back; a clear then an add, sent together, end with the added line', async () => {
    const { cable, charger } = await summaries();
    const view = await cartOn(true);
    await act(() => view.result.current.cart.add(cable, 1));
    await waitFor(() => expect(view.result.current.cart.count).toBe(1));
    sandbox.faults.add({ method: 'DELETE', path: '/cfs/rest/v3/customer-cart', status: 500, times: 1 });
    await act(() => expect(view.result.current.cart.clear()).rejects.toMatchObject({ status: 500 }));
    await waitFor(() => expect(shown(view)).toEqual([[CABLE, 1]]));

    calls.length = 0;
    // Not awaited in between: the add still reaches the server after the clear.
    await act(() =>
      Promise.all([view.result.current.cart.clear(), view.result.current.cart.add(charger, 2)]),
    );
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([
      'DELETE /cfs/rest/v3/customer-cart',
      'POST /cfs/rest/v3/customer-cart',
    ]);
    await waitFor(() => expect(shown(view)).toEqual([[CHARGER, 2]]));
    const readServer = await serverCart([]);
    expect(await readServer()).toEqual({ [CHARGER]: 2 });
  });

  it('a badge count follows every write of a guest, and the cart is never loading or failed', async () => {
    const { cable, charger } = await summaries();
    const view = await cartOn(false);
    await act(() => view.result.current.cart.add(cable, 2));
    await act(() => view.result.current.cart.add(charger, 1));
    expect([view.result.current.cart.count, view.result.current.cart.quantity]).toEqual([2, 3]);
    await act(() => view.result.current.cart.setQuantity(`p${CHARGER}`, 4));
    expect(view.result.current.cart.quantity).toBe(6);
    await act(() => view.result.current.cart.remove(`p${CABLE}`));
    expect([view.result.current.cart.count, view.result.current.cart.quantity]).toEqual([1, 4]);
    expect(view.result.current.cart).toMatchObject({ state: 'ready', error: null, serverCart: null });
  });
});

/** A guest put two cables in the cart and signed in; the merge waits for `merge.merge()`. */
async function signedInWithTwoCables() {
  const { cable } = await summaries();
  const view = renderWithMarket(
    () => ({ cart: useCart(), session: useSession(), merge: useGuestCartMerge() }),
    newDevice(),
    '/',
    { guestCartMerge: 'manual' },
  );
  await act(() => view.result.current.cart.add(cable, 2));
  await act(() => view.result.current.session.signIn(SIGN_IN));
  return view;
}

describe('entries of this device the server refused at the merge', () => {
  it('change on the device only, signed in as they were for the guest', async () => {
    const view = await signedInWithTwoCables();
    sandbox.faults.add({
      method: 'POST',
      path: '/cfs/rest/v3/customer-cart',
      status: 422,
      message: 'Not sold in your region',
      times: 1,
    });
    await act(() => view.result.current.merge.merge());
    const entry = view.result.current.cart.refused[0];
    expect(entry).toMatchObject({ product: CABLE, cart_quantity: 2, error: 'Not sold in your region' });
    calls.length = 0;
    await act(() => view.result.current.cart.setQuantity(entry?.id ?? '', 3));
    expect(view.result.current.cart.refused.map((line) => line.cart_quantity)).toEqual([3]);
    await act(() => view.result.current.cart.remove(entry?.id ?? ''));
    expect(view.result.current.cart.refused).toEqual([]);
    expect(calls.filter((call) => call.includes('customer-cart'))).toEqual([]);
  });
});

describe('one error type', () => {
  it('a merge cut off by the network says so with a MarketApiError (the lines stay on the device)', async () => {
    const view = await signedInWithTwoCables();
    sandbox.faults.add({ method: 'POST', path: '/cfs/rest/v3/customer-cart', drop: true, times: 1 });
    const failure = await act(() => view.result.current.merge.merge().catch((error: unknown) => error));
    expect(failure).toMatchObject({ name: 'MarketApiError', code: 'NETWORK_ERROR' });
    expect(view.result.current.merge).toMatchObject({ status: 'failed', error: failure });
    expect(view.result.current.cart.refused).toEqual([]);
  });

  it('keeps a MarketApiError, and makes anything else one (malformed, the original as its cause)', () => {
    const failure = new TypeError("Cannot read properties of undefined (reading 'data')");
    const wrapped = toMarketError(failure);
    expect(isMarketApiError(wrapped)).toBe(true);
    expect(wrapped).toMatchObject({ kind: 'malformed', code: 'MALFORMED_REPLY', cause: failure });
    expect(toMarketError(wrapped)).toBe(wrapped);
  });
});
