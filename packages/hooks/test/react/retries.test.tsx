// @vitest-environment jsdom
import { isMarketApiError, unwrap } from '@marketkit/sdk';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  MarketProvider,
  useCategories,
  useMarket,
  usePolicies,
  useProduct,
  useStoreFaqs,
} from '../../src/react/index.ts';
import { HOST, newDevice, setupSandbox } from './harness.tsx';

const { sandbox, server, calls } = setupSandbox();

/** Renders a hook inside a provider that keeps its own QueryClient: the retry rules under test. */
function renderWithDefaultRetries<T>(hook: () => T) {
  const device = newDevice();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MarketProvider servicesHost={HOST} store="demo" storage={device.storage} tokens={device.tokens}>
      {children}
    </MarketProvider>
  );
  return renderHook(hook, { wrapper });
}

/** Moves the fake clock and lets React apply what happened meanwhile. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const requestsTo = (path: string) => calls.filter((call) => call === `GET ${path}`).length;

// The seeded state is built with real crypto work: finish it before the clock is faked.
beforeAll(() => sandbox.ready);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.useRealTimers();
});

describe('retries of the default QueryClient (MarketProvider)', () => {
  it('[T1] a query answering 503 is retried after 1 s, 2 s and 4 s, then shown as an error', async () => {
    const path = '/pbs/rest/v3/products/1009';
    sandbox.faults.add({ path, status: 503 });
    const view = renderWithDefaultRetries(() => useProduct(1009));
    await advance(0);
    expect(requestsTo(path)).toBe(1);

    for (const delay of [1000, 2000, 4000]) {
      const before = requestsTo(path);
      await advance(delay - 1);
      expect(requestsTo(path)).toBe(before);
      expect(view.result.current.failureCount).toBe(before);
      expect(view.result.current.isError).toBe(false);
      await advance(1);
      expect(requestsTo(path)).toBe(before + 1);
    }

    // React hears of the last failure on TanStack's next 0 ms batch.
    await advance(1);
    expect(view.result.current.isError).toBe(true);
    const error = view.result.current.error;
    expect(isMarketApiError(error) && error.status).toBe(503);
    await advance(120_000);
    expect(requestsTo(path)).toBe(4);
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 10, 20, 31, 64, 100, 1023, 1024, 5000, Number.MAX_SAFE_INTEGER])(
    '[T2] the wait before retry %i is at most 30 s',
    (attempt) => {
      const view = renderWithDefaultRetries(() => useMarket().queryClient.getDefaultOptions().queries);
      const retryDelay = view.result.current?.retryDelay;
      if (typeof retryDelay !== 'function') throw new Error('the default QueryClient has no retryDelay');
      const wait = retryDelay(attempt, new Error('HTTP 503'));
      expect(wait).toBeGreaterThanOrEqual(1000);
      expect(wait).toBeLessThanOrEqual(30_000);
    },
  );

  it('[T2] ten failures in a row: the waits grow 1, 2, 4, 8, 16 s, then stay at 30 s', async () => {
    const path = '/pbs/rest/v3/faqs';
    sandbox.faults.add({ path, status: 503 });
    const startedAt: number[] = [];
    const onStart = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname === path) startedAt.push(Date.now());
    };
    server.events.on('request:start', onStart);
    try {
      // The provider's backoff with more tries than its own limit of 3 (a screen may ask for more).
      renderWithDefaultRetries(() => {
        const market = useMarket();
        return useQuery({
          queryKey: ['faqs-with-ten-retries'],
          queryFn: () => unwrap(market.client.GET('/pbs/rest/v3/faqs')),
          retry: 10,
        });
      });
      await advance(0);
      for (let second = 0; second < 300; second += 1) await advance(1000);
    } finally {
      server.events.removeListener('request:start', onStart);
    }
    const waits = startedAt.slice(1).map((time, index) => time - (startedAt[index] as number));
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000, 30000]);
  });

  it('[T3] a query answering 404 is never retried: one request, then the error', async () => {
    const path = '/pbs/rest/v3/products/999999';
    const view = renderWithDefaultRetries(() => useProduct(999999));
    await advance(1);
    expect(view.result.current.isError).toBe(true);
    const error = view.result.current.error;
    expect(isMarketApiError(error) && error.status).toBe(404);
    await advance(120_000);
    expect(requestsTo(path)).toBe(1);
  });

  it.each([400, 403, 409, 422, 429])('[T3] an injected %i is asked once', async (status) => {
    const path = '/pbs/rest/v3/products/1009';
    sandbox.faults.add({ path, status });
    const view = renderWithDefaultRetries(() => useProduct(1009));
    await advance(120_000);
    expect(requestsTo(path)).toBe(1);
    expect(isMarketApiError(view.result.current.error) && view.result.current.error.status).toBe(status);
  });
});

describe('offline, then online', () => {
  const paths = ['/pbs/rest/v3/categories', '/pbs/rest/v3/policies', '/pbs/rest/v3/faqs'];

  it('[T4] queries started offline wait paused, without failing, and run once each when back online', async () => {
    onlineManager.setOnline(false);
    const view = renderWithDefaultRetries(() => ({
      categories: useCategories(),
      policies: usePolicies(),
      faqs: useStoreFaqs(),
    }));
    await advance(120_000);
    const queries = () => Object.values(view.result.current);
    expect(calls).toEqual([]);
    expect(queries().map((query) => [query.status, query.fetchStatus])).toEqual([
      ['pending', 'paused'],
      ['pending', 'paused'],
      ['pending', 'paused'],
    ]);
    expect(queries().every((query) => query.error === null)).toBe(true);

    await act(async () => onlineManager.setOnline(true));
    await advance(1);
    expect(paths.map(requestsTo)).toEqual([1, 1, 1]);
    expect(queries().map((query) => [query.status, query.fetchStatus])).toEqual([
      ['success', 'idle'],
      ['success', 'idle'],
      ['success', 'idle'],
    ]);
    await advance(120_000);
    expect(calls).toHaveLength(3);
  });

  it('[T4] a query that fails just before the network goes away pauses its retry instead of failing', async () => {
    const path = '/pbs/rest/v3/products/1009';
    sandbox.faults.add({ path, drop: true, times: 1 });
    const view = renderWithDefaultRetries(() => useProduct(1009));
    await advance(0);
    expect(requestsTo(path)).toBe(1);
    onlineManager.setOnline(false);
    await advance(120_000);
    expect(requestsTo(path)).toBe(1);
    expect([view.result.current.status, view.result.current.fetchStatus]).toEqual(['pending', 'paused']);
    expect(view.result.current.error).toBeNull();

    await act(async () => onlineManager.setOnline(true));
    await advance(1);
    expect(requestsTo(path)).toBe(2);
    expect(view.result.current.data?.product_id).toBe(1009);
    expect(view.result.current.isError).toBe(false);
  });
});
