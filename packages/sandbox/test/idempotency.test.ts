import { describe, expect, it } from 'vitest';
import { createSandbox, souqStore } from '../src/index.ts';
import { createClock, createFlakyPersistence, handleClient } from './support.ts';

function shop(options: Parameters<typeof createSandbox>[0] = {}) {
  const clock = createClock();
  const sandbox = createSandbox({ now: clock.now, log: () => {}, ...options });
  const api = handleClient(sandbox);
  return { clock, sandbox, api };
}

const key = (value: string) => ({ 'Idempotency-Key': value });
const lines = (quantity: number, product = 1009) => ({
  customer_cart: [{ product, cart_quantity: quantity }],
});

describe('Idempotency-Key on cart writes', () => {
  it('[M4] answers a repeated add with the first answer and adds nothing (a cut-off merge sent again)', async () => {
    const { api } = shop();
    const { auth } = await api.signIn();
    const add = () =>
      api.send('POST', '/cfs/rest/v3/customer-cart', lines(2), { ...auth, ...key('merge-1') });
    const first = await add();
    expect(first.status).toBe(200);
    const repeat = await add();
    expect(repeat.status).toBe(200);
    expect(await repeat.json()).toEqual(await first.json());
    expect(await api.cart(auth)).toEqual({ 1009: 2 });
    // Without a key the same call adds again (what the key prevents).
    await api.send('POST', '/cfs/rest/v3/customer-cart', lines(2), auth);
    expect(await api.cart(auth)).toEqual({ 1009: 4 });
  });

  it('answers 422 to the same key with another request, and changes nothing', async () => {
    const { api } = shop();
    const { auth } = await api.signIn();
    await api.send('POST', '/cfs/rest/v3/customer-cart', lines(2), { ...auth, ...key('k') });
    const other = await api.send('POST', '/cfs/rest/v3/customer-cart', lines(3), { ...auth, ...key('k') });
    expect(other.status).toBe(422);
    expect(((await other.json()) as { response_message: string }).response_message).toMatch(
      /already used for another request/,
    );
    expect(await api.cart(auth)).toEqual({ 1009: 2 });
    // The same key on another operation is another request too.
    const cleared = await api.send('DELETE', '/cfs/rest/v3/customer-cart', undefined, {
      ...auth,
      ...key('k'),
    });
    expect(cleared.status).toBe(422);
    expect(await api.cart(auth)).toEqual({ 1009: 2 });
  });

  it('holds for updates, removals and clearing the cart', async () => {
    const { api, sandbox } = shop();
    const { auth } = await api.signIn();
    await api.send(
      'POST',
      '/cfs/rest/v3/customer-cart',
      {
        customer_cart: [
          { product: 1009, cart_quantity: 1 },
          { product: 1010, cart_quantity: 1 },
        ],
      },
      auth,
    );
    const idOf = (product: number) => sandbox.state().cart.find((line) => line.product_id === product)?.id;
    const put = (quantity: number, headers: Record<string, string> = {}) =>
      api.send(
        'PUT',
        `/cfs/rest/v3/customer-cart/${idOf(1009)}`,
        { cart_quantity: quantity },
        { ...auth, ...headers },
      );
    expect((await put(5, key('set-5'))).status).toBe(200);
    expect((await put(7)).status).toBe(200);
    // The late repeat of "set to 5" answers what it answered then and leaves the newer 7 alone.
    const late = await put(5, key('set-5'));
    expect(late.status).toBe(200);
    expect(
      ((await late.json()) as { response_body: { cart_quantity: number } }).response_body.cart_quantity,
    ).toBe(5);
    expect(await api.cart(auth)).toEqual({ 1009: 7, 1010: 1 });

    const remove = () =>
      api.send('DELETE', `/cfs/rest/v3/customer-cart/${idOf(1010) ?? 70002}`, undefined, {
        ...auth,
        ...key('rm'),
      });
    expect((await remove()).status).toBe(200);
    // A second removal would be a 404; the repeat answers the first answer.
    expect((await remove()).status).toBe(200);
    expect(await api.cart(auth)).toEqual({ 1009: 7 });

    const clear = () =>
      api.send('DELETE', '/cfs/rest/v3/customer-cart', undefined, { ...auth, ...key('clear') });
    expect((await clear()).status).toBe(200);
    await api.send('POST', '/cfs/rest/v3/customer-cart', lines(1, 1011), auth);
    expect((await clear()).status).toBe(200);
    expect(await api.cart(auth)).toEqual({ 1011: 1 });
  });

  it("keeps one shopper's keys apart from another's", async () => {
    const { api } = shop();
    const asha = await api.signIn();
    const layla = await api.signIn('shopper@example.com', 'souq');
    const apiKey = souqStore().products.find((p) => p.detail.product_type_name === 'Digital Product')?.detail
      .product_id as number;
    await api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), { ...asha.auth, ...key('same') });
    const theirs = await api.send('POST', '/cfs/rest/v3/customer-cart', lines(1, apiKey), {
      ...layla.auth,
      ...key('same'),
    });
    expect(theirs.status).toBe(200);
    expect(await api.cart(layla.auth)).toEqual({ [apiKey]: 1 });
    expect(await api.cart(asha.auth)).toEqual({ 1009: 1 });
  });

  it('forgets a key after 24 hours, and keeps no expired key', async () => {
    const { api, clock, sandbox } = shop({ accessTokenTtlSeconds: 3 * 86_400 });
    const { auth } = await api.signIn();
    const add = () => api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), { ...auth, ...key('daily') });
    await add();
    await add();
    expect(await api.cart(auth)).toEqual({ 1009: 1 });
    const [first] = sandbox.state().idempotency;
    expect(sandbox.state().idempotency).toHaveLength(1);
    clock.advance(24 * 3_600_000);
    await add();
    expect(await api.cart(auth)).toEqual({ 1009: 2 });
    // The expired key was dropped when the new one was kept.
    const kept = sandbox.state().idempotency;
    expect(kept).toHaveLength(1);
    expect(Date.parse(kept[0]?.created_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(first?.created_at ?? '') + 24 * 3_600_000,
    );
  });

  it('is forgotten with a change whose save failed: the retry with the same key is applied, once', async () => {
    const flaky = createFlakyPersistence();
    const { api } = shop({ persistence: flaky.persistence });
    const { auth } = await api.signIn();
    const add = () => api.send('POST', '/cfs/rest/v3/customer-cart', lines(2), { ...auth, ...key('retry') });
    flaky.fail();
    expect((await add()).status).toBe(500);
    expect(await api.cart(auth)).toEqual({});
    flaky.fail(false);
    expect((await add()).status).toBe(200);
    expect((await add()).status).toBe(200);
    expect(await api.cart(auth)).toEqual({ 1009: 2 });
    expect(JSON.parse(flaky.stored ?? '{}').idempotency).toMatchObject([
      { key: 'retry', operation: 'addToCustomerCart' },
    ]);
  });

  it('refuses a key longer than the contract allows (400)', async () => {
    const { api } = shop();
    const { auth } = await api.signIn();
    const response = await api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), {
      ...auth,
      ...key('k'.repeat(129)),
    });
    expect(response.status).toBe(400);
    expect(await api.cart(auth)).toEqual({});
  });
});
