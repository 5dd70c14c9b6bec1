import { describe, expect, it, vi } from 'vitest';
import { createSandbox, type SandboxState } from '../src/index.ts';
import { createFlakyPersistence, handleClient } from './support.ts';

/** A sandbox whose saves can be made to fail, as a full disk would. */
async function flakySandbox() {
  const flaky = createFlakyPersistence();
  const log: string[] = [];
  const sandbox = createSandbox({ persistence: flaky.persistence, log: (line) => log.push(line) });
  const api = handleClient(sandbox);
  const shopper = await api.signIn();
  const add = (product: number, quantity: number, headers: Record<string, string> = {}) =>
    api.send(
      'POST',
      '/cfs/rest/v3/customer-cart',
      { customer_cart: [{ product, cart_quantity: quantity }] },
      { ...shopper.auth, ...headers },
    );
  return { flaky, log, sandbox, api, shopper, add };
}

const savedState = (stored: string | undefined) => JSON.parse(stored ?? '{}') as SandboxState;

describe('a change whose save failed', () => {
  it('is answered 500 and undone: the OTP it made cannot be used, and the retried add is not doubled', async () => {
    const { flaky, log, sandbox, api, shopper, add } = await flakySandbox();
    flaky.fail();
    const otp = await api.send(
      'POST',
      '/ums/rest/v3/otp/generate',
      { identifier: '7000000009', identifier_type: 'phone', purpose: 'signup' },
      { realmname: 'demo-customer' },
    );
    expect(otp.status).toBe(500);
    expect(await otp.json()).toMatchObject({
      response_message: expect.stringMatching(/could not save this change, so nothing was changed/),
      response_body: null,
      status_code: 500,
    });
    expect(sandbox.latestOtp('7000000009')).toBeUndefined();
    expect((await add(1009, 2)).status).toBe(500);
    expect(await api.cart(shopper.auth)).toEqual({});
    expect(log.filter((line) => line.includes('saving the state failed'))).toHaveLength(2);

    flaky.fail(false);
    expect((await add(1009, 2)).status).toBe(200);
    expect(await api.cart(shopper.auth)).toEqual({ 1009: 2 });
    // What was saved agrees with what was answered.
    const saved = savedState(flaky.stored);
    expect(saved.cart.map((line) => [line.product_id, line.quantity])).toEqual([[1009, 2]]);
    expect(saved.otps.filter((record) => record.identifier === '7000000009')).toEqual([]);
  });

  it('undoes the changes made on top of it while it was being saved, and answers them as failed too', async () => {
    const { flaky, sandbox, api, shopper, add } = await flakySandbox();
    flaky.hold();
    const first = add(1009, 1);
    await vi.waitFor(() => expect(flaky.held).toHaveLength(1));
    // Made while the first save runs: it sees the first change, and waits for the next save.
    const second = add(1010, 1);
    await vi.waitFor(() => expect(sandbox.state().cart.map((line) => line.product_id)).toEqual([1009, 1010]));
    flaky.hold(false);
    flaky.held[0]?.fail(new Error('EIO: i/o error, write'));
    expect((await first).status).toBe(500);
    expect((await second).status).toBe(500);
    expect(sandbox.state().cart).toEqual([]);

    expect((await add(1010, 1)).status).toBe(200);
    expect(await api.cart(shopper.auth)).toEqual({ 1010: 1 });
    expect(savedState(flaky.stored).cart.map((line) => line.product_id)).toEqual([1010]);
  });

  it('is a refused change like any other for the control API and the store side (500, nothing changed)', async () => {
    const { flaky, sandbox } = await flakySandbox();
    flaky.fail();
    await expect(sandbox.expireTokens({ refresh: true })).rejects.toThrow(/could not save this change/);
    expect(sandbox.state().sessions.every((session) => session.revoked_at === null)).toBe(true);
    await expect(sandbox.reset()).rejects.toThrow(/could not save/);
    expect(sandbox.state().sessions).toHaveLength(1);
  });
});
