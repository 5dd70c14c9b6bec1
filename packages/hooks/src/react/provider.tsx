import { ruleError } from '@marketkit/sdk';
import { QueryClientProvider } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useLayoutEffect, useState } from 'react';
import {
  createMarket,
  LIVE_KEYS,
  type Market,
  type MarketLiveOptions,
  type MarketOptions,
} from '../store/create-market.ts';

export { createMarketQueryClient, shopperOf } from '../store/create-market.ts';
export type { MarketContextValue, MarketSnapshot, PageRules, SessionSource } from '../store/market.ts';

const MarketContext = createContext<Market | null>(null);

/** Props of `MarketProvider` that makes its market from them (see `MarketOptions`). */
export interface MarketProviderProps extends MarketOptions {
  /** The app. */
  children: ReactNode;
}

/** Props of `MarketProvider` given a market the app made (`createMarket`), e.g. for tests. */
export interface MarketProviderWithMarketProps extends MarketLiveOptions {
  /** The market the hooks read; live options given here replace its own. */
  market: Market;
  /** The app. */
  children: ReactNode;
}

/**
 * The live options of these props: all of them for a market the provider made (one left out goes
 * back to its default), only those written for a market it was given (the rest stay as made).
 */
function liveOptions(props: MarketProviderProps | MarketProviderWithMarketProps): MarketLiveOptions {
  const live: MarketLiveOptions = {};
  for (const key of LIVE_KEYS)
    if (!('market' in props) || key in props) Object.assign(live, { [key]: props[key] });
  return live;
}

/** `useLayoutEffect` in a browser; nothing to lay out on a server. */
const useBrowserLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Provides one market (`createMarket` from `@marketkit/hooks/store`) to the hooks: the SDK client, the
 * QueryClient, the client state, the session and the guest-cart merge. The provider makes it once from
 * its props (`store`, `servicesHost`, `tokens`, `storage` and `queryClient` are read once: give the
 * provider a `key` to switch stores), or is given one (`market`); the live options (`language`,
 * `pathname`, `guestCartMerge`, the page rules and the callbacks) follow the latest props.
 *
 * In tests, give each test its own stores so nothing leaks between tests:
 * `<MarketProvider tokens={createMemoryTokenStore()} storage={createMemoryStorage()} …>`.
 */
export function MarketProvider(props: MarketProviderProps | MarketProviderWithMarketProps) {
  const [market] = useState(() => ('market' in props ? props.market : createMarket(props)));
  market.update(liveOptions(props));
  useBrowserLayoutEffect(() => market.followLanguage(), [market, props.language]);
  useEffect(() => market.start(), [market]);
  // The route may have changed with this render: the merge may be due on the new page.
  useEffect(() => market.mergeIfDue());
  return (
    <MarketContext.Provider value={market}>
      <QueryClientProvider client={market.queryClient}>{props.children}</QueryClientProvider>
    </MarketContext.Provider>
  );
}

/** Everything the hooks share; throws a `MarketApiError` (`PROVIDER_MISSING`) outside a `MarketProvider`. */
export function useMarket(): Market {
  const value = useContext(MarketContext);
  if (!value) throw ruleError('PROVIDER_MISSING', 'Marketkit hooks must be used inside <MarketProvider>');
  return value;
}
