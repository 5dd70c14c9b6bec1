import earlyScript from 'virtual:marketkit/early-script';
import { MarketProvider } from '@marketkit/hooks';
import { onRoutes, pageTitle, storeFromHost } from '@marketkit/hooks/core';
import { prefetchStore } from '@marketkit/hooks/prefetch';
import { createMemoryTokenStore } from '@marketkit/sdk';
import { ErrorState } from '@marketkit/ui';
import { HydrationBoundary } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Scripts,
  useLocation,
  useMatches,
  useNavigate,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { loadConfig } from './app/config.ts';
import { TEXTS_ELEMENT_ID, usePage } from './app/page-context.tsx';
import type { RootData } from './app/root-data.ts';
import { useCodeLoadingRule } from './app/route-modules.ts';
import { earlyOrFetch, NAMESPACES_ATTRIBUTE, RENDERED_PATH_ATTRIBUTE } from './early/first-calls.ts';
import { routeNamespaces } from './i18n/namespaces.ts';
import { replayEarlyClicks } from './shell/early-clicks.ts';
import { goHome, reloadAfterFailedReplay } from './shell/session-recovery.ts';
import { Loading, Store, useRouteAnswers } from './shell/shell.tsx';
import stylesheet from './styles.css?url';

export { loader } from './root.server.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: (loaderData as RootData | undefined)?.title ?? pageTitle(null) },
];

/**
 * The SPA build's page is rendered once, at build time, where the root's server loader has no store
 * to read (src/root.server.ts): the browser loads the root's data as the app starts.
 */
clientLoader.hydrate = __MARKETKIT_SPA__;

/** The store and the shopper do not change with the route: asked once per page. */
export const shouldRevalidate = () => false;

/**
 * The SPA build (no server): the runtime configuration from `/config.json`, the store from the host
 * name, and the store calls started before the first render. The browser decides the language.
 */
export async function clientLoader(): Promise<RootData> {
  const config = await loadConfig();
  const store = storeFromHost(location.hostname, config);
  const storeId = Object.hasOwn(config.storeIds, store) ? (config.storeIds[store] ?? null) : null;
  return {
    config,
    store,
    storeId,
    title: pageTitle(null),
    snapshot: null,
    dehydrated: null,
    prefetched: prefetchStore({
      servicesHost: config.servicesHost,
      store,
      ...(storeId === null ? {} : { storeId }),
      // The calls the page's early script started already are taken, not made again.
      fetch: earlyOrFetch,
    }),
  };
}

/** The element after the page's markup, that its first paint waits for. */
const PAGE_END_ID = 'page-end';

/** The document: its language and direction are the page's (the app keeps them in step after). */
export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const { nonce, texts } = usePage();
  const language = data?.snapshot?.language ?? 'en';
  // SPA build: the texts the first screen reads, for the early script to ask for (src/early/first-calls.ts).
  const namespaces = routeNamespaces(useMatches().map((match) => match.handle)).join(' ');
  const here = useLocation();
  return (
    <html
      lang={language.replace('_', '-')}
      dir={data?.snapshot?.direction === 'RTL' ? 'rtl' : 'ltr'}
      {...(__MARKETKIT_SPA__
        ? { [NAMESPACES_ATTRIBUTE]: namespaces, [RENDERED_PATH_ATTRIBUTE]: here.pathname }
        : {})}
      // The app sets both when the shopper changes language.
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="strict-origin-when-cross-origin" />
        <script
          {...(nonce ? { nonce } : {})}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: our own code, built from src/early/ (no data in it)
          dangerouslySetInnerHTML={{ __html: earlyScript }}
          suppressHydrationWarning
        />
        <link rel="icon" href="data:," />
        {/* No paint of a half-read page (a select with half its options, a button without its
            label, then a shift): the browser paints once the page's markup is all in. */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
        <Meta />
        {/* The styles before any script: with a precedence React writes the link ahead of the
            scripts' modulepreloads (which it moves into the head), so the stylesheet that the first
            paint waits for is asked for first, not behind forty scripts on six connections. */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Links {...(nonce ? { nonce } : {})} />
        {texts ? (
          <script
            id={TEXTS_ELEMENT_ID}
            type="application/json"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped, never run
            dangerouslySetInnerHTML={{ __html: texts }}
          />
        ) : null}
      </head>
      <body>
        {children}
        <div id={PAGE_END_ID} hidden />
        <Scripts {...(nonce ? { nonce } : {})} />
      </body>
    </html>
  );
}

/**
 * The storefront's page rules for the hooks (which know no route): a signed-in shopper leaves the
 * sign-in pages at once, and the page they return to (the cart included) merges the guest cart; a
 * buy-now item saved before sign-in is not added to the cart on pages that buy it on its own; a 401 on
 * the sign-in page means wrong credentials, not an expired session.
 */
const mergeBlockedOn = onRoutes(['/signin', '/signup']);
const buyNowBlockedOn = onRoutes([
  '/checkout',
  '/payment',
  '/signup',
  '/signin',
  '/cashfree',
  '/ProductDetails',
]);
const refreshBlockedOn = onRoutes(['/signin']);

/** The store's frame around every route, with the shopper's session, cart and texts. */
export default function App({ loaderData }: Route.ComponentProps) {
  const data = loaderData as RootData;
  const page = usePage();
  const navigate = useNavigate();
  const answers = useRouteAnswers();
  const path = useRef('');
  path.current = useLocation().pathname;
  // The page is the app's now (the browser tests wait for this before they act).
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  // What the shopper clicked before the code ran takes effect now, once (src/early/event-replay.ts).
  useEffect(() => void replayEarlyClicks(), []);
  useCodeLoadingRule();
  // On the server, the session the shopper's cookie holds (the browser reads its own cookies).
  const [tokens] = useState(() =>
    page.accessToken ? createMemoryTokenStore({ access_token: page.accessToken, expires_in: 0 }) : undefined,
  );
  return (
    <MarketProvider
      servicesHost={data.config.servicesHost}
      store={data.store}
      {...(data.storeId === null ? {} : { storeId: data.storeId })}
      {...(data.snapshot ? { snapshot: data.snapshot } : {})}
      {...(data.prefetched ? { prefetched: data.prefetched } : {})}
      {...(tokens ? { tokens } : {})}
      pathname={() => path.current}
      mergeBlockedOn={mergeBlockedOn}
      buyNowBlockedOn={buyNowBlockedOn}
      refreshBlockedOn={refreshBlockedOn}
      onReplayFailed={reloadAfterFailedReplay}
      onSessionEnded={() => goHome(navigate)}
    >
      <HydrationBoundary state={answers}>
        <Store />
      </HydrationBoundary>
    </MarketProvider>
  );
}

/** The SPA build's first paint, before the browser has the store. */
export function HydrateFallback() {
  return <Loading label="Loading" />;
}

/** What the whole page shows when its frame itself failed (a screen's own error stays in the frame). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation('common');
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto max-w-xl px-4 py-10">
      <ErrorState
        title={missing ? t('page_not_found') : t('something_went_wrong')}
        description={missing ? t('page_not_found_hint') : t('something_went_wrong_hint')}
        retryLabel={t('retry')}
        onRetry={() => location.reload()}
      />
    </main>
  );
}
