import { createSandbox } from '@marketkit/sandbox';
import { createSandboxHandlers } from '@marketkit/sandbox/msw';
import { createMemoryTokenStore, type Schema, type TokenStore } from '@marketkit/sdk';
import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createMemoryStorage,
  type KeyValueStorage,
  MarketProvider,
  type MarketProviderProps,
} from '../../src/react/index.ts';

export const HOST = 'http://localhost:4010';

/** A delivery address in Johannesburg (pincode 2001, where every demo zone delivers). */
export const SHOPPER_ADDRESS = {
  full_name: 'Asha',
  phone: '9876543210',
  extension: '+91',
  address_line_1: '1 Road',
  city: 'Johannesburg',
  state: 'Gauteng',
  country: 'South Africa',
  pincode: '2001',
  address_type: 'delivery' as const,
};

/** The sandbox behind MSW, reset after every test; records the contract calls made. */
export function setupSandbox() {
  const sandbox = createSandbox({ log: () => {} });
  const server = setupServer(...createSandboxHandlers(sandbox, { baseUrl: HOST }));
  const calls: string[] = [];
  server.events.on('request:start', ({ request }) => {
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
  });
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server.resetHandlers();
    sandbox.faults.clear();
    calls.length = 0;
    await sandbox.reset();
  });
  afterAll(() => server.close());
  return { sandbox, server, calls };
}

export async function products(ids: number[]): Promise<Schema<'ProductSummary'>[]> {
  const response = await fetch(`${HOST}/pbs/rest/v3/products?page_number=-1`, {
    headers: { realmname: 'demo-customer' },
  });
  const all = ((await response.json()) as { response_body: { data: Schema<'ProductSummary'>[] } })
    .response_body.data;
  return ids.map((id) => {
    const found = all.find((p) => p.product_id === id);
    if (!found) throw new Error(`no product ${id}`);
    return found;
  });
}

/** Signs the seeded shopper in directly and fills their server cart. */
export async function serverCart(lines: [number, number][]) {
  const login = await fetch(`${HOST}/ums/rest/v3/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', realmname: 'demo-customer' },
    body: JSON.stringify({ username: 'shopper@example.com', password: 'Password123' }),
  });
  const token = ((await login.json()) as { response_body: { access_token: string } }).response_body
    .access_token;
  if (lines.length > 0) {
    await fetch(`${HOST}/cfs/rest/v3/customer-cart`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        customer_cart: lines.map(([product, cart_quantity]) => ({ product, cart_quantity })),
      }),
    });
  }
  return async () => {
    const cart = await fetch(`${HOST}/cfs/rest/v3/customer-cart`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const body = (await cart.json()) as {
      response_body: { Products: { product: number; cart_quantity: number }[] };
    };
    return Object.fromEntries(body.response_body.Products.map((l) => [l.product, l.cart_quantity]));
  };
}

export interface Device {
  storage: KeyValueStorage;
  tokens: TokenStore;
}

export const newDevice = (): Device => ({ storage: createMemoryStorage(), tokens: createMemoryTokenStore() });

/** Hook tests do not retry unless retrying is what they test (STYLE.md). */
export const noRetries = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: 5 * 60 * 1000 }, mutations: { retry: false } },
  });

/** Renders hooks inside a fresh MarketProvider on a device (same device = same storage and tokens). */
export function renderWithMarket<T>(
  hook: () => T,
  device: Device,
  pathname = '/',
  props: Partial<Omit<MarketProviderProps, 'children'>> = {},
) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MarketProvider
      servicesHost={HOST}
      store="demo"
      storage={device.storage}
      tokens={device.tokens}
      pathname={() => pathname}
      queryClient={noRetries()}
      {...props}
    >
      {children}
    </MarketProvider>
  );
  return renderHook(hook, { wrapper });
}
