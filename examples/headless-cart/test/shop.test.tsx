import { createMemoryStorage, MarketProvider } from '@marketkit/hooks';
import { createSandbox } from '@marketkit/sandbox';
import { createSandboxHandlers } from '@marketkit/sandbox/msw';
import { createMarketClient, createMemoryTokenStore, type Schema, unwrap } from '@marketkit/sdk';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SHOPPER, Shop } from '../src/shop.tsx';

const HOST = 'http://localhost:4010';
const sandbox = createSandbox({ log: () => {} });
const server = setupServer(...createSandboxHandlers(sandbox, { baseUrl: HOST }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  cleanup();
  server.resetHandlers();
  await sandbox.reset();
});
afterAll(() => server.close());

/** The page as a shopper opens it on a fresh device: empty storage, no tokens, no retries. */
function openShop() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <MarketProvider
      servicesHost={HOST}
      store="demo"
      storage={createMemoryStorage()}
      tokens={createMemoryTokenStore()}
      queryClient={queryClient}
    >
      <Shop />
    </MarketProvider>,
  );
  return userEvent.setup();
}

/** What the store offers on its first page, asked through the SDK rather than read off the page. */
async function firstPage(): Promise<Schema<'ProductSummary'>[]> {
  const client = createMarketClient({ servicesHost: HOST, store: 'demo', tokens: createMemoryTokenStore() });
  const page = await unwrap(
    client.GET('/pbs/rest/v3/products', { params: { query: { page_number: 1, page_limit: 10 } } }),
  );
  return page.data;
}

/** The shopper's server cart as `{ productId: quantity }`, read by signing in through the SDK. */
async function serverCart(): Promise<Record<number, number>> {
  const tokens = createMemoryTokenStore();
  const client = createMarketClient({ servicesHost: HOST, store: 'demo', tokens });
  // The SDK stores the grant in `tokens` itself.
  const login = await client.signIn(DEMO_SHOPPER);
  if (login.status !== 'signed-in') throw new Error(`sign-in stopped at ${login.status}`);
  const cart = await unwrap(
    client.GET('/cfs/rest/v3/customer-cart', { params: { query: { page_number: -1 } } }),
  );
  return Object.fromEntries(cart.Products.map((line) => [line.product, line.cart_quantity]));
}

const cartHeading = () => screen.getByRole('heading', { level: 2, name: /^Cart/ });

describe('the headless cart page', () => {
  it('lists the products of the store’s first page, each with an add button', async () => {
    const expected = await firstPage();
    expect(expected.length).toBeGreaterThan(0);
    openShop();

    const list = await screen.findByRole('list', { name: 'Products' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(expected.length));
    for (const product of expected) {
      const row = within(list).getByText(product.product_name).closest('li');
      expect(row).not.toBeNull();
      expect(
        within(row as HTMLElement).getByRole('button', { name: `Add ${product.product_name} to cart` }),
      ).toBeTruthy();
    }
    expect(cartHeading().textContent).toBe('Cart (0, guest)');
  });

  it('adds a product to the guest cart: the count goes up and the row links to the cart', async () => {
    const [product] = (await firstPage()).filter((p) => p.purchase_mode === 'checkout_based');
    if (!product) throw new Error('the demo store has no product to buy');
    const user = openShop();

    await user.click(await screen.findByRole('button', { name: `Add ${product.product_name} to cart` }));

    await waitFor(() => expect(cartHeading().textContent).toBe('Cart (1, guest)'));
    const cart = screen.getByRole('region', { name: /^Cart/ });
    expect(within(cart).getByText(new RegExp(`^${product.product_name} × 1`))).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Products' });
    const row = within(list).getByText(product.product_name).closest('li') as HTMLElement;
    expect(within(row).getByRole('status').textContent).toBe('Added to cart');
    expect(within(row).getByRole('link', { name: 'Go to cart' }).getAttribute('href')).toBe('#cart');
    // A guest cart lives on the device: nothing reached the shopper's server cart.
    expect(await serverCart()).toEqual({});
  });

  it('signing in moves the guest cart into the shopper’s server cart', async () => {
    const products = (await firstPage()).filter((p) => p.purchase_mode === 'checkout_based');
    const [first, second] = products;
    if (!first || !second) throw new Error('the demo store has fewer than two products to buy');
    const user = openShop();

    await user.click(await screen.findByRole('button', { name: `Add ${first.product_name} to cart` }));
    await user.click(screen.getByRole('button', { name: `Add ${second.product_name} to cart` }));
    await waitFor(() => expect(cartHeading().textContent).toBe('Cart (2, guest)'));

    await user.click(screen.getByRole('button', { name: 'Sign in as the demo shopper' }));

    await screen.findByRole('button', { name: 'Sign out' });
    await waitFor(() => expect(cartHeading().textContent).toBe('Cart (2, server)'));
    expect(await serverCart()).toEqual({ [first.product_id]: 1, [second.product_id]: 1 });
  });
});
