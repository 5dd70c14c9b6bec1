// @vitest-environment jsdom
import { createMemoryTokenStore } from '@marketkit/sdk';
import { act, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createMemoryStorage,
  type KeyValueStorage,
  STORAGE_KEYS,
  useBuyNow,
  useCart,
  usePincode,
  useRecentlyViewed,
  useSlots,
} from '../../src/react/index.ts';
import { type Device, newDevice, products, renderWithMarket, setupSandbox } from './harness.tsx';

setupSandbox();
afterEach(cleanup);

const CABLE = 1009;
const CHARGER = 1010;

/** Everything this device keeps in storage, as the hooks show it. */
const useDeviceState = () => ({
  cart: useCart(),
  recent: useRecentlyViewed(),
  buyNow: useBuyNow(),
  pincode: usePincode(),
  slots: useSlots(),
});

/** A guest-cart line as the hooks store it. */
const storedLine = (productId: number, overrides: Record<string, unknown> = {}) => ({
  key: `p${productId}`,
  productId,
  productName: `Product ${productId}`,
  productPrice: 199,
  sellingPrice: 149,
  quantity: 20,
  discountDetails: null,
  productImage: '/assets/p/1.webp',
  cartQuantity: 1,
  addedQuantity: 1,
  product_type_name: 'Physical Product',
  slotId: null,
  ...overrides,
});

const envelope = (data: unknown) => JSON.stringify({ version: 1, data });

function deviceWith(entries: Record<string, string>): Device {
  const device = newDevice();
  for (const [key, value] of Object.entries(entries)) device.storage.setItem(key, value);
  return device;
}

const lines = (view: { result: { current: ReturnType<typeof useDeviceState> } }) =>
  view.result.current.cart.lines.map((item) => [item.product, item.cart_quantity]);

async function productSummaries() {
  const [cable, charger] = await products([CABLE, CHARGER]);
  if (!cable || !charger) throw new Error('the seed has no cable or charger');
  return { cable, charger };
}

describe('stored values the device cannot trust', () => {
  const PERSISTED = [
    STORAGE_KEYS.guestCart,
    STORAGE_KEYS.slots,
    STORAGE_KEYS.buyNow,
    STORAGE_KEYS.pincode,
    STORAGE_KEYS.mergeJournal,
    STORAGE_KEYS.recentlyViewed,
  ];

  it('[S1] corrupt JSON in every stored value: the app starts empty, each text is kept aside and never overwritten', async () => {
    const corrupt = (key: string) => `{"version":1,"data":{"${key}":[{"productId":`;
    const device = deviceWith(Object.fromEntries(PERSISTED.map((key) => [key, corrupt(key)])));
    const view = renderWithMarket(useDeviceState, device);
    expect(view.result.current.cart.lines).toEqual([]);
    expect(view.result.current.recent.ids).toEqual([]);
    expect(view.result.current.buyNow.item).toBeNull();
    expect(view.result.current.pincode.pincode).toBeNull();
    expect(view.result.current.slots.slots).toEqual([]);

    // The shopper carries on: every store is written again, and the corrupt copies stay as they were.
    const { cable } = await productSummaries();
    await act(() => view.result.current.cart.add(cable, 2));
    act(() => view.result.current.recent.record(CABLE));
    act(() => view.result.current.buyNow.set(CABLE, 1));
    act(() => view.result.current.pincode.save('2001'));
    act(() => view.result.current.slots.select(CABLE, 7));
    expect(lines(view)).toEqual([[CABLE, 2]]);
    for (const key of PERSISTED) expect(device.storage.getItem(`${key}.corrupt`)).toBe(corrupt(key));
    expect(JSON.parse(device.storage.getItem(STORAGE_KEYS.guestCart) ?? '').data.items).toHaveLength(1);
  });

  it('[S1] a value written by a newer version is kept aside too, not read as this version', () => {
    const newer = JSON.stringify({ version: 99, data: { items: [storedLine(CABLE)] } });
    const device = deviceWith({ [STORAGE_KEYS.guestCart]: newer });
    const view = renderWithMarket(useDeviceState, device);
    expect(view.result.current.cart.lines).toEqual([]);
    expect(device.storage.getItem(`${STORAGE_KEYS.guestCart}.corrupt`)).toBe(newer);
  });

  it('[S2] values of the wrong shape: invalid entries are dropped, valid ones kept', () => {
    const cart = envelope({
      items: [
        storedLine(CABLE, { cartQuantity: 2 }),
        'a line',
        42,
        null,
        [CHARGER, 1],
        { productId: 'x' },
        storedLine(1011, { productPrice: 'free' }),
        storedLine(1013, { product_type_name: 'Weapon' }),
        storedLine(1016, { productName: { text: 'Lamp' } }),
        storedLine(CABLE, { cartQuantity: 9 }), // a second line for one product
        storedLine(CHARGER),
      ],
    });
    const device = deviceWith({
      [STORAGE_KEYS.guestCart]: cart,
      [STORAGE_KEYS.recentlyViewed]: envelope([5, 'x', -1, 5, 2.5, null, 7]),
      [STORAGE_KEYS.slots]: envelope([{ id: 1, product: 2 }, { id: 'x' }, null, { id: 3, product: 4 }]),
      [STORAGE_KEYS.buyNow]: envelope({ productId: 'abc', quantity: 2 }),
      [STORAGE_KEYS.pincode]: envelope({ pincode: 2001 }),
    });
    const view = renderWithMarket(useDeviceState, device);
    expect(lines(view)).toEqual([
      [CABLE, 2],
      [CHARGER, 1],
    ]);
    expect(view.result.current.recent.ids).toEqual([5, 7]);
    expect(view.result.current.slots.slots).toEqual([
      { id: 1, product: 2 },
      { id: 3, product: 4 },
    ]);
    expect(view.result.current.buyNow.item).toBeNull();
    expect(view.result.current.pincode.pincode).toBeNull();
    // What was dropped is not lost: the stored original is kept aside.
    expect(device.storage.getItem(`${STORAGE_KEYS.guestCart}.corrupt`)).toBe(cart);
  });

  it('[S3] 5,000 stored cart lines: the app starts with at most 200 and the cart still works', async () => {
    const many = envelope({ items: Array.from({ length: 5000 }, (_, index) => storedLine(index + 1)) });
    const device = deviceWith({ [STORAGE_KEYS.guestCart]: many });
    const view = renderWithMarket(useDeviceState, device);
    expect(view.result.current.cart.count).toBe(200);
    expect(view.result.current.cart.lines.map((item) => item.product)).toEqual(
      Array.from({ length: 200 }, (_, index) => index + 1),
    );
    await act(() => view.result.current.cart.remove('p1'));
    expect(view.result.current.cart.count).toBe(199);
    expect(JSON.parse(device.storage.getItem(STORAGE_KEYS.guestCart) ?? '').data.items).toHaveLength(199);
    expect(device.storage.getItem(`${STORAGE_KEYS.guestCart}.corrupt`)).toBe(many);
  });

  it.each([
    ['negative', '-3', null],
    ['zero', '0', null],
    ['below one', '0.5', null],
    ['fractional', '2.5', 2],
    ['huge', '1000000000', 999],
    ['beyond any number', '1e400', null],
    ['a numeric string', '"4"', 4],
  ])('[S4] a stored %s quantity (%s) is dropped or clamped: %j', (_what, quantity, shown) => {
    const raw = envelope({ items: [storedLine(CABLE)] }).replace(
      '"cartQuantity":1,',
      `"cartQuantity":${quantity},`,
    );
    expect(raw).toContain(`"cartQuantity":${quantity},`);
    const view = renderWithMarket(useDeviceState, deviceWith({ [STORAGE_KEYS.guestCart]: raw }));
    expect(lines(view)).toEqual(shown === null ? [] : [[CABLE, shown]]);
  });

  it('[S4] quantities given to the hooks stay whole numbers from 1 to 999', async () => {
    const { cable, charger } = await productSummaries();
    const view = renderWithMarket(useDeviceState, newDevice());
    await act(() => view.result.current.cart.add(cable, -3));
    // More than the stock (and than 999): cut to the stock, which is below 999 here.
    await act(() => view.result.current.cart.add(charger, 5000));
    expect(charger.quantity).toBeLessThan(999);
    expect(lines(view)).toEqual([
      [CABLE, 1],
      [CHARGER, charger.quantity],
    ]);
    for (const refused of [0, -1, 0.4, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(view.result.current.cart.setQuantity(`p${CABLE}`, refused)).rejects.toMatchObject({
        kind: 'rule',
        code: 'BAD_REQUEST',
        details: { field: 'quantity' },
      });
    await act(() => view.result.current.cart.setQuantity(`p${CABLE}`, 2.7));
    expect(lines(view)).toEqual([
      [CABLE, 2],
      [CHARGER, charger.quantity],
    ]);

    for (const [given, kept] of [
      [-3, 1],
      [0, 1],
      [2.5, 2],
      [1e9, 999],
    ] as const) {
      act(() => view.result.current.buyNow.set(CABLE, given));
      expect(view.result.current.buyNow.item?.quantity).toBe(kept);
    }
  });

  it('[S5] __proto__ and constructor keys in stored JSON are ignored; no prototype is polluted', () => {
    const line = JSON.stringify(storedLine(CABLE, { cartQuantity: 2 })).replace(
      /^\{/,
      '{"__proto__":{"polluted":"line","cartQuantity":500},"constructor":{"prototype":{"polluted":"ctor"}},',
    );
    const device = deviceWith({
      [STORAGE_KEYS.guestCart]: `{"__proto__":{"polluted":"top"},"version":1,"data":{"__proto__":{"items":[]},"items":[${line}]}}`,
      [STORAGE_KEYS.recentlyViewed]: '{"version":1,"data":{"__proto__":[1,2,3],"length":2}}',
      [STORAGE_KEYS.mergeJournal]:
        '{"version":1,"data":{"targets":{"__proto__":{"quantity":9,"kind":"create"},"1009":{"quantity":3,"kind":"update"}}}}',
      [STORAGE_KEYS.buyNow]: '{"version":1,"data":{"__proto__":{"productId":1009,"quantity":5}}}',
    });
    const view = renderWithMarket(useDeviceState, device);
    expect(lines(view)).toEqual([[CABLE, 2]]);
    expect(view.result.current.recent.ids).toEqual([]);
    expect(view.result.current.buyNow.item).toBeNull();
    const item = view.result.current.cart.lines[0] as object;
    expect(Object.getPrototypeOf(item)).toBe(Object.prototype);
    expect('polluted' in item).toBe(false);
    for (const probe of [{}, [], Object.create(null) as object, new (class {})()])
      expect((probe as { polluted?: unknown }).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false);
    expect(Object.hasOwn(Array.prototype, 'polluted')).toBe(false);
  });
});

describe('stored values kept by zustand persist', () => {
  it('reads a value stored bare by an early release, and writes it back in the { version, data } envelope', () => {
    const device = deviceWith({ [STORAGE_KEYS.recentlyViewed]: JSON.stringify([CABLE, CHARGER]) });
    const view = renderWithMarket(useDeviceState, device);
    expect(view.result.current.recent.ids).toEqual([CABLE, CHARGER]);
    expect(JSON.parse(device.storage.getItem(STORAGE_KEYS.recentlyViewed) ?? '')).toEqual({
      version: 1,
      data: [CABLE, CHARGER],
    });
  });

  it('follows what another tab stored (a storage event), without writing it back', () => {
    const device = newDevice();
    const view = renderWithMarket(useDeviceState, device);
    const written = vi.spyOn(device.storage, 'setItem');
    const stored = envelope({ items: [storedLine(CHARGER, { cartQuantity: 3 })] });
    device.storage.setItem(STORAGE_KEYS.guestCart, stored);
    written.mockClear();
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.guestCart }));
    });
    expect(lines(view)).toEqual([[CHARGER, 3]]);
    expect(written).not.toHaveBeenCalled();
    expect(device.storage.getItem(STORAGE_KEYS.guestCart)).toBe(stored);
  });

  it('leaves every other key alone when one is corrupt', () => {
    const device = deviceWith({
      [STORAGE_KEYS.guestCart]: 'not json',
      [STORAGE_KEYS.recentlyViewed]: envelope([CABLE]),
      unrelated: 'kept',
    });
    const view = renderWithMarket(useDeviceState, device);
    expect(view.result.current.cart.lines).toEqual([]);
    expect(view.result.current.recent.ids).toEqual([CABLE]);
    expect(device.storage.getItem('unrelated')).toBe('kept');
    expect(device.storage.getItem(`${STORAGE_KEYS.guestCart}.corrupt`)).toBe('not json');
    expect(device.storage.getItem(STORAGE_KEYS.guestCart)).toBeNull();
  });
});

describe('storage that refuses to work', () => {
  it('[S6] a full quota: every change still works in memory, nothing throws, the failure is reported', async () => {
    const memory = createMemoryStorage();
    const stored = envelope({ items: [storedLine(CABLE, { cartQuantity: 2 })] });
    memory.setItem(STORAGE_KEYS.guestCart, stored);
    const full: KeyValueStorage = {
      getItem: (key) => memory.getItem(key),
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      removeItem: (key) => memory.removeItem(key),
    };
    const onStorageError = vi.fn();
    const view = renderWithMarket(useDeviceState, { storage: full, tokens: createMemoryTokenStore() }, '/', {
      onStorageError,
    });
    expect(lines(view)).toEqual([[CABLE, 2]]);

    const { charger } = await productSummaries();
    await act(() => view.result.current.cart.add(charger, 3));
    await act(() => view.result.current.cart.setQuantity(`p${CABLE}`, 5));
    act(() => view.result.current.recent.record(CHARGER));
    act(() => view.result.current.buyNow.set(CHARGER, 1));
    act(() => view.result.current.slots.select(CHARGER, 4));
    expect(lines(view)).toEqual([
      [CABLE, 5],
      [CHARGER, 3],
    ]);
    expect(view.result.current.recent.ids).toEqual([CHARGER]);
    expect(view.result.current.buyNow.item).toEqual({ productId: CHARGER, quantity: 1, slotId: null });
    expect(view.result.current.slots.slots).toEqual([{ id: 4, product: CHARGER }]);
    await act(() => view.result.current.cart.remove(`p${CABLE}`));
    expect(lines(view)).toEqual([[CHARGER, 3]]);

    expect(onStorageError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'QuotaExceededError' }),
      STORAGE_KEYS.guestCart,
    );
    // What was stored before the quota filled is still there for the next visit.
    expect(memory.getItem(STORAGE_KEYS.guestCart)).toBe(stored);
  });

  it('[S7] storage that throws on every access: the app starts and the cart works in memory', async () => {
    const refusing = new Proxy({} as KeyValueStorage, {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const onStorageError = vi.fn();
    const view = renderWithMarket(
      useDeviceState,
      { storage: refusing, tokens: createMemoryTokenStore() },
      '/',
      { onStorageError },
    );
    expect(view.result.current.cart.lines).toEqual([]);
    expect(onStorageError).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'SecurityError' }),
      STORAGE_KEYS.guestCart,
    );

    const { cable, charger } = await productSummaries();
    await act(() => view.result.current.cart.add(cable, 2));
    await act(() => view.result.current.cart.add(charger, 1));
    await act(() => view.result.current.cart.setQuantity(`p${CHARGER}`, 4));
    act(() => view.result.current.recent.record(CABLE));
    expect(lines(view)).toEqual([
      [CABLE, 2],
      [CHARGER, 4],
    ]);
    expect(view.result.current.cart.quantity).toBe(6);
    expect(view.result.current.recent.ids).toEqual([CABLE]);
    await act(() => view.result.current.cart.clear());
    expect(view.result.current.cart.lines).toEqual([]);
  });
});
