// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  STORAGE_KEYS,
  useCart,
  useGuestCartMerge,
  usePaymentReturnCheck,
  useSession,
} from '../../src/react/index.ts';
import { newDevice, products, renderWithMarket, serverCart, setupSandbox } from './harness.tsx';

const { sandbox, calls } = setupSandbox();
const signIn = { username: 'shopper@example.com', password: 'Password123' };

it('sends a pending quantity change when the cart leaves the screen, instead of dropping it', async () => {
  const device = newDevice();
  const view = renderWithMarket(() => ({ cart: useCart(), session: useSession() }), device, '/cart');
  await act(() => view.result.current.session.signIn(signIn));
  const [cable] = await products([1009]);
  await act(() => view.result.current.cart.add(cable as NonNullable<typeof cable>, 1));
  await waitFor(() => expect(view.result.current.cart.lines).toHaveLength(1));
  const id = view.result.current.cart.lines[0]?.id as number;
  let pending: Promise<unknown> = Promise.resolve();
  act(() => {
    pending = view.result.current.cart.setQuantity(id, 5);
  });
  view.unmount();
  await pending;
  const readServer = await serverCart([]);
  expect(await readServer()).toEqual({ 1009: 5 });
});

it('[M2] does not double a guest cart merged from two tabs of the same device', async () => {
  const readServer = await serverCart([]);
  const device = newDevice();
  const tabA = renderWithMarket(
    () => ({ cart: useCart(), session: useSession(), merge: useGuestCartMerge() }),
    device,
    '/',
    { guestCartMerge: 'manual' },
  );
  const tabB = renderWithMarket(() => ({ session: useSession(), merge: useGuestCartMerge() }), device, '/', {
    guestCartMerge: 'manual',
  });
  const [cable] = await products([1009]);
  await act(() => tabA.result.current.cart.add(cable as NonNullable<typeof cable>, 2));
  await act(() => tabA.result.current.session.signIn(signIn));
  await act(() => tabA.result.current.merge.merge());
  // Tab B still holds the cart it loaded at start; it must read the stored one before merging.
  await act(() => tabB.result.current.merge.merge());
  expect(await readServer()).toEqual({ 1009: 2 });
});

it('forgets a half-done merge and the pending buy-now at sign-out', async () => {
  const device = newDevice();
  const view = renderWithMarket(() => useSession(), device);
  await act(() => view.result.current.signIn(signIn));
  device.storage.setItem(
    STORAGE_KEYS.mergeJournal,
    JSON.stringify({ version: 1, data: { targets: { 1009: { quantity: 3, kind: 'update' } } } }),
  );
  view.unmount();
  const again = renderWithMarket(() => useSession(), device);
  await act(() => again.result.current.signOut());
  expect(JSON.parse(device.storage.getItem(STORAGE_KEYS.mergeJournal) ?? '{}').data).toBeNull();
});

it('[S2] keeps invalid stored lines aside instead of losing them', () => {
  const device = newDevice();
  const raw = JSON.stringify({
    version: 1,
    data: {
      items: [
        {
          productId: 1009,
          productName: 'Cable',
          productPrice: 199,
          sellingPrice: 199,
          cartQuantity: 2,
          product_type_name: 'Physical Product',
        },
        { productId: 'x' },
      ],
    },
  });
  device.storage.setItem(STORAGE_KEYS.guestCart, raw);
  const view = renderWithMarket(() => useCart(), device);
  expect(view.result.current.lines.map((i) => i.product)).toEqual([1009]);
  expect(device.storage.getItem(`${STORAGE_KEYS.guestCart}.corrupt`)).toBe(raw);
});

describe('payment return check', () => {
  it('checks once across re-renders with inline callbacks, and keeps the flags when the server fails', async () => {
    const device = newDevice();
    const session = renderWithMarket(() => useSession(), device);
    await act(() => session.result.current.signIn(signIn));
    device.storage.setItem(STORAGE_KEYS.payDone, 'false');
    device.storage.setItem(STORAGE_KEYS.orderId, '999999');
    sandbox.faults.add({ path: '/cfs/rest/v3/check-order-status/*', status: 503, times: 1 });
    const failures: number[] = [];
    calls.length = 0;
    const view = renderWithMarket(
      () => usePaymentReturnCheck({ onNotPaid: (id) => failures.push(id) }),
      device,
    );
    view.rerender();
    view.rerender();
    await waitFor(() => expect(failures).toEqual([999999]));
    expect(calls.filter((c) => c.includes('check-order-status'))).toHaveLength(1);
    expect(device.storage.getItem(STORAGE_KEYS.payDone)).toBe('false');
  });
});
