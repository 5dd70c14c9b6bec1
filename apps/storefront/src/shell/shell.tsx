import {
  type UseLanguageResult,
  useAiConfiguration,
  useGuestCartMerge,
  useLanguage,
  usePaymentPending,
  usePincode,
  useStoreBootstrap,
} from '@marketkit/hooks';
import { themeStyleSheet } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Spinner, Toaster, toast } from '@marketkit/ui';
import type { DehydratedState } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { AiWidget } from '../ai/widget.tsx';
import { keepPreferenceCookies } from '../app/preferences.ts';
import { lazyScreen } from '../app/route-modules.ts';
import { type RouteHandle, SHELL_NAMESPACES } from '../i18n/namespaces.ts';
import { ScreenErrorBoundary } from './error-boundary.tsx';
import { Footer } from './footer.tsx';
import { HEADER_HEIGHT_VARIABLE, Header } from './header.tsx';
import { ScreenLoadFailure } from './screen-load-failure.tsx';
import { ScrollManager } from './scroll.tsx';
import { SettingsError, StoreUnavailable, StoreUnreachable } from './store-status.tsx';
import { useFirstScreenWait } from './use-first-screen-wait.ts';

const PaymentReturn = lazy(lazyScreen(() => import('./payment-return.tsx')));

type Language = UseLanguageResult;

/** Google Tag Manager, only when the store sets a tag, with the snippet's start event. */
function loadTagManager(tag: string) {
  if (!tag || document.getElementById('mk-tag-manager')) return;
  const global = window as unknown as { dataLayer?: unknown[] };
  global.dataLayer = global.dataLayer ?? [];
  global.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'mk-tag-manager';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tag)}`;
  document.head.append(script);
}

/**
 * The answers the matched routes' loaders brought (a server-rendered page's: the root's store answers
 * and the screen's), for the query cache. All of them go in before anything renders: a query some
 * component already asked for would otherwise take its answer only after the first render.
 */
export function useRouteAnswers(): DehydratedState | undefined {
  const matches = useMatches();
  return useMemo(() => {
    const queries = matches.flatMap(
      (match) =>
        (match.data as { dehydrated?: DehydratedState | null } | undefined)?.dehydrated?.queries ?? [],
    );
    return queries.length > 0 ? { queries, mutations: [] } : undefined;
  }, [matches]);
}

export function Loading({ label, slow = null }: { label: string; slow?: string | null }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4">
      <Spinner label={label} />
      {slow ? (
        <p role="status" className="text-sm">
          {slow}
        </p>
      ) : null}
    </div>
  );
}

function Frame({
  logoUrl,
  storeName,
  settings,
  language,
}: {
  logoUrl: string | null;
  storeName: string;
  settings: Schema<'StoreSettings'> | null;
  language: Language;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const handles = useMatches().map((match) => match.handle as RouteHandle | undefined);
  // No header and footer on /signup, /signin and /amazonPayment; no assistant on some.
  const bare = handles.some((handle) => handle?.bare);
  const noAssistant = handles.some((handle) => handle?.noAssistant);
  const ai = useAiConfiguration();
  // After sign-in the guest cart joins the server cart (the provider runs the merge on any page but
  // sign-in and sign-up). What the server refused stays on this device (the cart page lists it): said
  // at once, in its words, wherever the merge ran.
  const refusals = useGuestCartMerge().outcome?.rejected;
  useEffect(() => {
    for (const refused of refusals ?? []) toast.error(refused.message);
  }, [refusals]);
  // The payment return check's code comes only while a payment flag is stored; once loaded it stays
  // (the check clears the flags before it reports, and must still report).
  const pending = usePaymentPending();
  const [paymentCheck, setPaymentCheck] = useState(false);
  if (pending && !paymentCheck) setPaymentCheck(true);
  const dir = language.direction === 'RTL' ? 'rtl' : 'ltr';
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-black"
      >
        {t('skip_to_content')}
      </a>
      <ScrollManager />
      {bare ? null : (
        <Header
          logoUrl={logoUrl}
          logoSize={settings?.logo_size ?? 'medium'}
          storeName={storeName}
          language={language}
        />
      )}
      {/* At least a screen tall: the footer starts below the fold, so late content never shifts it. */}
      <main id="main-content" tabIndex={-1} className="min-h-[100dvh] flex-1 outline-none">
        {/* A new route starts without the last screen's error. */}
        {/* No Suspense boundary here: React hydrates one after the rest of the page, when the frame
            around it may already have moved on (React Router loads the screen's code before it
            renders, ScreenLoadFailure its texts). */}
        <ScreenErrorBoundary key={pathname} title={t('screen_failed')} retryLabel={t('retry')}>
          <ScreenLoadFailure>
            <Outlet />
          </ScreenLoadFailure>
        </ScreenErrorBoundary>
      </main>
      {bare ? null : <Footer settings={settings} />}
      {ai.askAi && !noAssistant ? (
        <AiWidget
          label={t('ask_ai', { name: ai.configuration?.assistant_name ?? '' })}
          name={ai.configuration?.assistant_name ?? ''}
        />
      ) : null}
      {paymentCheck ? (
        <Suspense fallback={null}>
          <PaymentReturn pathname={pathname} />
        </Suspense>
      ) : null}
      {/* Below the header, whatever its height: a toast never covers the cart link or the menus. */}
      <Toaster dir={dir} closeLabel={t('close')} top={`calc(var(${HEADER_HEIGHT_VARIABLE}, 0px) + 1rem)`} />
    </div>
  );
}

/**
 * App start: validation → settings → the store, themed and in the shopper's language. On a
 * page the server rendered, all of it is there at once (the same answers and texts as the server's).
 */
export function Store() {
  const { t, i18n, ready } = useTranslation(SHELL_NAMESPACES);
  const store = useStoreBootstrap();
  const language = useLanguage({ onReload: () => location.reload() });
  const { pincode } = usePincode();
  const dir = language.direction === 'RTL' ? 'rtl' : 'ltr';

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.lang = language.language.replace('_', '-');
    root.dir = dir;
    document.title = store.title;
  }, [language.language, dir, store.title]);

  // The store's languages decide (saved, else the store default). Texts switch once the new
  // language's are in, so a switch keeps the page instead of falling back to a spinner.
  useEffect(() => {
    if (language.isLoading || i18n.language === language.language) return;
    let current = true;
    void i18n.loadLanguages(language.language).then(() => {
      if (current) void i18n.changeLanguage(language.language);
    });
    return () => {
      current = false;
    };
  }, [i18n, language.isLoading, language.language]);

  // The storefront's server renders the next page in this language, with lists for this pincode.
  useEffect(() => {
    if (!language.isLoading) keepPreferenceCookies({ language: language.language, pincode });
  }, [language.isLoading, language.language, pincode]);

  useEffect(() => {
    if (store.status === 'ready')
      loadTagManager(store.settings?.store_page_settings.google_analytics_tag ?? '');
  }, [store.status, store.settings]);

  const wait = useFirstScreenWait(store.status === 'loading');

  // Shown once the first screen has what it needs (a page the server rendered has it at once); a
  // later language switch keeps the page.
  const revealed = useRef(false);
  const textsReady = ready && i18n.language === language.language;
  if (store.status !== 'loading' && !language.isLoading && textsReady) revealed.current = true;
  // Said once the texts are in (they come from the storefront, not from the services host).
  if (ready && (store.status === 'unreachable' || (store.status === 'loading' && wait === 'overdue')))
    return <StoreUnreachable retry={store.retry} />;
  if (!revealed.current)
    return <Loading label={t('loading')} slow={wait === 'slow' ? t('loading_slow') : null} />;
  if (store.status === 'unavailable') return <StoreUnavailable />;
  if (store.status === 'settings-error') return <SettingsError />;
  if (store.status === 'loading')
    return <Loading label={t('loading')} slow={wait === 'slow' ? t('loading_slow') : null} />;
  return (
    <>
      {/* The tenant's colours, in the page's own HTML (checked colours only: see themeStyleSheet). */}
      <style>{themeStyleSheet(store.theme)}</style>
      <Frame
        logoUrl={store.logoUrl}
        storeName={store.validation.status === 'success' ? store.validation.displayName : ''}
        settings={store.settings}
        language={language}
      />
    </>
  );
}
