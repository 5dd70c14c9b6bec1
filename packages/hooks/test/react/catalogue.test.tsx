// @vitest-environment jsdom

import { act, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LISTING, parseListingFilters } from '../../src/core/index.ts';
import {
  STORAGE_KEYS,
  useAvailability,
  useCart,
  useDeals,
  usePincode,
  useProduct,
  useProductFaqs,
  useProductRatings,
  useProductSlots,
  useProducts,
  useRecentlyViewed,
  useRecommendations,
} from '../../src/react/index.ts';
import { newDevice, noRetries, renderWithMarket, setupSandbox } from './harness.tsx';

const { calls } = setupSandbox();

describe('catalogue hooks against the sandbox', () => {
  it('lists a filtered page of 10, and a revisit within the stale time asks for nothing', async () => {
    const device = newDevice();
    const filters = parseListingFilters('sort=price_asc&page=2');
    const queryClient = noRetries();
    const view = renderWithMarket(() => useProducts(filters), device, '/', { queryClient });
    await waitFor(() => expect(view.result.current.data).toBeDefined());
    const page = view.result.current.data;
    expect(page?.data).toHaveLength(10);
    expect(page?.page_number).toBe(2);
    const prices = page?.data.map((product) => product.final_price) ?? [];
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The same listing on a later screen (same cache, a new component) asks for nothing.
    view.unmount();
    const asked = calls.length;
    const again = renderWithMarket(() => useProducts(filters), device, '/', { queryClient });
    expect(again.result.current.data?.page_number).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.length).toBe(asked);
  });

  it('narrows lists to the saved pincode, which is part of the cache key', async () => {
    const device = newDevice();
    const view = renderWithMarket(
      () => ({ list: useProducts({ ...DEFAULT_LISTING, search: 'Lamp' }), pincode: usePincode() }),
      device,
    );
    await waitFor(() => expect(view.result.current.list.data?.data.length).toBeGreaterThan(0));
    const everywhere = view.result.current.list.data?.total_count ?? 0;
    act(() => view.result.current.pincode.save('8001'));
    await waitFor(() => expect(view.result.current.list.data?.total_count).toBeLessThan(everywhere));
    expect(device.storage.getItem(STORAGE_KEYS.pincode)).toContain('8001');
  });

  it('loads a product page: the product, ratings, FAQs, delivery by pincode and deals', async () => {
    const device = newDevice();
    const view = renderWithMarket(
      () => ({
        product: useProduct(1001),
        ratings: useProductRatings(1001),
        faqs: useProductFaqs(1001),
        near: useAvailability(1018, '2001'),
        far: useAvailability(1018, '9001'),
        invalid: useAvailability(1018, '12'),
        deals: useDeals(5),
      }),
      device,
    );
    await waitFor(() => expect(view.result.current.product.data?.product_id).toBe(1001));
    await waitFor(() => expect(view.result.current.near.data).toBeDefined());
    await waitFor(() => expect(view.result.current.far.data).toBeDefined());
    expect(view.result.current.near.data?.available).toBe(true);
    expect(view.result.current.far.data?.available).toBe(false);
    expect(view.result.current.invalid.fetchStatus).toBe('idle');
    await waitFor(() => expect(view.result.current.ratings.data).toBeDefined());
    expect(view.result.current.ratings.data?.rating_count).toBe(
      view.result.current.product.data?.rating_count,
    );
    expect(view.result.current.ratings.data?.data.length).toBeLessThanOrEqual(5);
    await waitFor(() => expect(view.result.current.faqs.data).toBeDefined());
    expect(view.result.current.faqs.data?.every((faq) => faq.product_id === 1001)).toBe(true);
    await waitFor(() => expect(view.result.current.deals.data?.length).toBeGreaterThan(0));
    expect(view.result.current.deals.data?.every((product) => product.is_deal)).toBe(true);
  });

  it('offers slots for a service, records what was viewed and recommends from it', async () => {
    const device = newDevice();
    const view = renderWithMarket(
      () => ({
        recent: useRecentlyViewed(),
        slots: useProductSlots(1037),
        recommendations: useRecommendations({ storeId: 14, limit: 4 }),
      }),
      device,
    );
    await waitFor(() => expect(view.result.current.slots.data?.length).toBeGreaterThan(0));
    act(() => {
      view.result.current.recent.record(1005);
      view.result.current.recent.record(1009);
      view.result.current.recent.record(1005);
    });
    expect(view.result.current.recent.ids).toEqual([1005, 1009]);
    expect(device.storage.getItem(STORAGE_KEYS.recentlyViewed)).toContain('[1005,1009]');
    await waitFor(() => expect(view.result.current.recommendations.data?.data.length).toBeGreaterThan(0));
    expect(view.result.current.recommendations.data?.data.length).toBeLessThanOrEqual(4);
  });

  it('keeps a hidden price hidden in the guest cart', async () => {
    const device = newDevice();
    const view = renderWithMarket(() => ({ cart: useCart(), product: useProduct(1005) }), device);
    await waitFor(() => expect(view.result.current.product.data).toBeDefined());
    const product = view.result.current.product.data;
    if (!product) throw new Error('no product');
    await act(() => view.result.current.cart.add({ ...product, price_visibility: false }));
    expect(view.result.current.cart.lines[0]?.price_visible).toBe(false);
  });
});
