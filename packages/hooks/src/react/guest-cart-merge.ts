import type { MarketApiError } from '@marketkit/sdk';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { GuestCartMergeStatus } from '../core/index.ts';
import { cartQuery } from './cart-query.ts';
import { toMarketError } from './market-query.ts';
import type { MergeOutcome } from './merge-runner.ts';
import type { MarketContextValue } from './provider.tsx';

/** Where a provider's guest-cart merge stands: what every `useGuestCartMerge()` of it reads. */
export interface GuestCartMergeState {
  /** `idle` (not run in this session), `merging`, `done` or `failed`. */
  status: GuestCartMergeStatus;
  /** What the last merge that finished did (kept while a later one runs). */
  outcome: MergeOutcome | null;
  /** Why the last merge failed (`status: 'failed'`), else null. */
  error: MarketApiError | null;
}

/** A provider's one guest-cart merge: its shared state, and the run every caller joins. */
export interface GuestCartMerge {
  state: StoreApi<GuestCartMergeState>;
  /** Runs the merge, or joins the run under way. Rejects with the `MarketApiError` it failed with. */
  run(): Promise<MergeOutcome>;
  /**
   * Back to `idle` (the session ended): a run still under way no longer reports here, and the next
   * `run()` starts afresh (across tabs, and here, runs take turns under one lock: see the runner).
   */
  reset(): void;
}

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
