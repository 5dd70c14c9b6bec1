// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { MarketProvider, type UseCartResult, useCart, useSession } from '../../src/react/index.ts';
import { HOST, newDevice, noRetries, products, setupSandbox } from './harness.tsx';

setupSandbox();
const CABLE = 1009;

/** Lets TanStack Query's notifications (scheduled with `setTimeout(0)`) and React's renders run. */
async function drain() {
  for (let round = 0; round < 3; round += 1)
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

type CartHandle = { current: UseCartResult | null };

function Adder({ cart }: { cart: CartHandle }) {
  cart.current = useCart();
  return null;
}

function SessionReader() {
  useSession();
  return null;
}

/**
 * A product page's shape: a component that adds with `useCart().add`, beside one that reads only the
 * session. Counts the renders (React's Profiler) of each.
 */
function renderCartPage() {
  const renders = { adder: 0, session: 0 };
  const count: ProfilerOnRenderCallback = (id) => {
    renders[id as keyof typeof renders] += 1;
  };
  const cart: CartHandle = { current: null };
  const device = newDevice();
  const page = (children: ReactNode) => (
    <MarketProvider
      servicesHost={HOST}
      store="demo"
      storage={device.storage}
      tokens={device.tokens}
      pathname={() => '/ProductDetails'}
      queryClient={noRetries()}
    >
      {children}
    </MarketProvider>
  );
  render(
    page(
      <>
        <Profiler id="adder" onRender={count}>
          <Adder cart={cart} />
        </Profiler>
        <Profiler id="session" onRender={count}>
          <SessionReader />
        </Profiler>
      </>,
    ),
  );
  return { renders, cart };
}

describe('a cart write re-renders only what shows the cart', () => {
  it("a guest's add re-renders the adding component once (the cart change), not for the write's pending and settled states, and never a component that reads only the session", async () => {
    const [cable] = await products([CABLE]);
    if (!cable) throw new Error('the seed lacks the cable');
    const { renders, cart } = renderCartPage();
    await drain();
    renders.adder = 0;
    renders.session = 0;

    await act(async () => {
      await cart.current?.add(cable, 1);
    });
    await drain();

    expect(cart.current?.lines.map((line) => line.product)).toEqual([CABLE]);
    expect(renders).toEqual({ adder: 1, session: 0 });
  });
});
