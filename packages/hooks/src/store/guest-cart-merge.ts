import { createStore } from 'zustand/vanilla';
import { toMarketError } from './calls.ts';
import { cartQuery } from './cart-query.ts';
import type { GuestCartMerge, GuestCartMergeState, MarketContextValue, MergeOutcome } from './market.ts';

const IDLE: GuestCartMergeState = { status: 'idle', outcome: null, error: null };

/** The merge of one provider (`market` is read when it runs: the provider is made around it). */
export function createGuestCartMerge(market: () => MarketContextValue): GuestCartMerge {
  const state = createStore<GuestCartMergeState>()(() => IDLE);
  let running: Promise<MergeOutcome> | null = null;
  let session = 0;

  async function merge(): Promise<MergeOutcome> {
    // The cart may be read from here on: the header's read, asked for at this same moment, will do.
    const requestedAt = Date.now();
    // Needed only after a sign-in: its code loads then, not with every page.
    const { runGuestCartMerge } = await import('./merge-runner.ts');
    const context = market();
    return runGuestCartMerge(context, { cart: cartQuery(context), requestedAt });
  }

  function run(): Promise<MergeOutcome> {
    if (running) return running;
    const started = session;
    const ours = () => session === started;
    state.setState({ status: 'merging', error: null });
    const current = merge().then(
      (outcome) => {
        if (ours()) state.setState({ status: 'done', outcome, error: null });
        return outcome;
      },
      (caught: unknown) => {
        const error = toMarketError(caught, 'network');
        if (ours()) state.setState({ status: 'failed', error });
        throw error;
      },
    );
    running = current;
    const settled = () => {
      if (running === current) running = null;
    };
    current.then(settled, settled);
    return current;
  }

  return {
    state,
    run,
    reset() {
      session += 1;
      running = null;
      state.setState(IDLE, true);
    },
  };
}
