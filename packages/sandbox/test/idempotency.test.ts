import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_MAX_PER_SHOPPER } from '../src/core/idempotency.ts';
import { createSandbox, souqStore } from '../src/index.ts';
import { createFilePersistence } from '../src/node/index.ts';
import { createClock, createFlakyPersistence, handleClient } from './support.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'marketkit-keys-'));
  dirs.push(dir);
  return dir;
};

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
    // The late repeat of "set to 5" changes nothing and answers the line as it is now: a client that
    // puts the answer in its cache must not show the older 5 over the newer 7.
    const late = await put(5, key('set-5'));
    expect(late.status).toBe(200);
    expect(
      ((await late.json()) as { response_body: { cart_quantity: number } }).response_body.cart_quantity,
    ).toBe(7);
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
    const flaky = createFlakyPersistence();
    const { api, clock } = shop({ accessTokenTtlSeconds: 3 * 86_400, persistence: flaky.persistence });
    const { auth } = await api.signIn();
    const add = () => api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), { ...auth, ...key('daily') });
    await add();
    await add();
    expect(await api.cart(auth)).toEqual({ 1009: 1 });
    const saved = () => JSON.parse(flaky.stored ?? '{}').idempotency as { created_at: string }[];
    const [first] = saved();
    expect(saved()).toHaveLength(1);
    clock.advance(24 * 3_600_000);
    await add();
    expect(await api.cart(auth)).toEqual({ 1009: 2 });
    // The expired key was dropped when the new one was kept.
    const kept = saved();
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

describe('Idempotency-Key records: per shopper, small, on disk', () => {
  // 5,200 requests: about 9 s here, sized for a loaded 2-core machine (the package's 30 s would be tight).
  it("[I1] keeps a shopper's key however many keyed writes another shopper sends (the resend is not applied again)", {
    timeout: 120_000,
  }, async () => {
    const { api } = shop();
    const victim = await api.signIn();
    const other = await api.signIn('shopper@example.com', 'souq');
    const add = () =>
      api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), { ...victim.auth, ...key('victim-add') });
    expect((await add()).status).toBe(200);
    // More keyed writes than all shoppers together could keep before (5,000).
    for (let batch = 0; batch < 26; batch += 1)
      await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          api.send('DELETE', '/cfs/rest/v3/customer-cart', undefined, {
            ...other.auth,
            ...key(`other-${batch}-${i}`),
          }),
        ),
      );
    const resend = await add();
    expect(resend.status).toBe(200);
    expect(await api.cart(victim.auth)).toEqual({ 1009: 1 });
  });

  it(`keeps at most ${IDEMPOTENCY_MAX_PER_SHOPPER} keys per shopper: the oldest goes first`, async () => {
    const { api } = shop();
    const { auth } = await api.signIn();
    const add = (name: string) =>
      api.send('POST', '/cfs/rest/v3/customer-cart', lines(1, 1048), { ...auth, ...key(name) });
    await add('oldest');
    await add('second');
    for (let i = 0; i < IDEMPOTENCY_MAX_PER_SHOPPER - 1; i += 1)
      await api.send('DELETE', '/cfs/rest/v3/customer-cart', undefined, { ...auth, ...key(`clear-${i}`) });
    // The cart was cleared since; "second" is still remembered, "oldest" was pushed out by the bound.
    expect((await add('second')).status).toBe(200);
    expect(await api.cart(auth)).toEqual({});
    expect((await add('oldest')).status).toBe(200);
    expect(await api.cart(auth)).toEqual({ 1048: 1 });
  });

  it('[I2] keeps keys across a restart, in a journal: the state file holds none of them and no cart answer', async () => {
    const dir = tempDir();
    const first = shop({ persistence: createFilePersistence(dir) });
    const { auth } = await first.api.signIn();
    const add = (api: typeof first.api) =>
      api.send('POST', '/cfs/rest/v3/customer-cart', lines(2), { ...auth, ...key('before-restart') });
    expect((await add(first.api)).status).toBe(200);
    await first.sandbox.flush();
    const state = readFileSync(join(dir, 'state.json'), 'utf8');
    expect(state).not.toContain('before-restart');
    const journal = readFileSync(join(dir, 'idempotency.jsonl'), 'utf8');
    expect(journal).toContain('before-restart');
    // A small reference, not the cart: no product detail in the line.
    expect(journal).not.toContain('product_detail');

    const second = shop({ persistence: createFilePersistence(dir) });
    const repeat = await add(second.api);
    expect(repeat.status).toBe(200);
    expect(await second.api.cart(auth)).toEqual({ 1009: 2 });
  });

  it('[I2] ignores journal lines of a change that was never saved, and a torn last line', async () => {
    const dir = tempDir();
    const first = shop({ persistence: createFilePersistence(dir) });
    const { auth } = await first.api.signIn();
    await first.api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), { ...auth, ...key('saved') });
    await first.sandbox.flush();
    const journalFile = join(dir, 'idempotency.jsonl');
    const [saved] = readFileSync(journalFile, 'utf8').trim().split('\n');
    const line = JSON.parse(saved ?? '{}') as { n: number; key: string };
    // What a kill between the journal's append and the state file's rename leaves: a line the state
    // does not include (its change is not in the state), then half a line.
    appendFileSync(journalFile, `${JSON.stringify({ ...line, n: line.n + 1, key: 'unsaved' })}\n{"e":"`);

    const log: string[] = [];
    const second = shop({ persistence: createFilePersistence(dir), log: (l) => log.push(l) });
    const unsaved = await second.api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), {
      ...auth,
      ...key('unsaved'),
    });
    expect(unsaved.status).toBe(200);
    expect(await second.api.cart(auth)).toEqual({ 1009: 2 });
    expect(log.join('\n')).toMatch(/2 idempotency journal line\(s\) of unsaved changes ignored/);
    await second.sandbox.flush();
    // The journal was rewritten before anything was appended: every line parses, "saved" is kept.
    const lines2 = readFileSync(journalFile, 'utf8').trim().split('\n');
    expect(lines2.map((l) => (JSON.parse(l) as { key: string }).key)).toEqual(['saved', 'unsaved']);
    const third = shop({ persistence: createFilePersistence(dir) });
    await third.api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), { ...auth, ...key('saved') });
    await third.api.send('POST', '/cfs/rest/v3/customer-cart', lines(1), { ...auth, ...key('unsaved') });
    expect(await third.api.cart(auth)).toEqual({ 1009: 2 });
  });
});
