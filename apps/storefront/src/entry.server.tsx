import { PassThrough } from 'node:stream';
import { pageAllowsTagManager, unsignedToken } from '@marketkit/hooks/core';
import type { i18n } from 'i18next';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { PageContext, scriptJson } from './app/page-context.tsx';
import type { RootData } from './app/root-data.ts';
import { FALLBACK_LANGUAGE, routeNamespaces } from './i18n/namespaces.ts';
import { cacheControl } from './server/cache.server.ts';
import { createRequestI18n, renderedTexts } from './server/i18n.server.ts';
import { requestScope } from './server/request.server.ts';
import { storeAnswers } from './server/store.server.ts';

/** The longest a render may take once the data is in; then what is done is sent. */
export const streamTimeout = 5000;

/**
 * Renders the real app for a request, all of it before the first byte (no streamed fallbacks: the
 * page reads the same without JavaScript), in the page's language with the texts its routes need, and
 * with the CSP nonce on every script React and React Router write.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const server = loadContext.storefront;
  const { matches, loaderData } = routerContext.staticHandlerContext;
  const root = loaderData.root as RootData | undefined;
  const language = root?.snapshot?.language ?? FALLBACK_LANGUAGE;
  // The SPA build's shell (rendered once, at build time) carries no texts: the browser picks its language.
  const namespaces = routerContext.isSpaMode
    ? []
    : routeNamespaces(matches.map((match) => routerContext.routeModules[match.route.id]?.handle));
  const scope = server && !routerContext.isSpaMode ? requestScope(request, loadContext) : null;
  if (server && scope) {
    // The tag manager's hosts only for a store that sets a tag, or whose answers did not come in time
    // (the browser asks again and may load it); never a closed, unknown or broken store's page.
    server.setPagePolicy({ tagManager: pageAllowsTagManager((await storeAnswers(scope)).calls) });
  }
  const texts: i18n = await createRequestI18n(
    {
      host: server?.config.languageHost ?? '/locales',
      clientRoot: server?.clientRoot ?? 'build/client',
      timeoutMs: server?.upstreamTimeoutMs ?? 3000,
    },
    language,
    namespaces,
    // A bound of its own: the data may have used the page's whole wait already.
    new Promise((resolve) => setTimeout(resolve, server?.dataTimeoutMs ?? 3000)),
  );
  const page = {
    ...(server ? { nonce: server.nonce } : {}),
    // The render reads claims only: it gets the token without its signature, as the page holds it.
    accessToken: unsignedToken(scope?.accessToken),
    texts: routerContext.isSpaMode
      ? null
      : scriptJson({
          language: texts.language,
          host: server?.config.languageHost ?? '/locales',
          resources: renderedTexts(texts, namespaces),
        }),
  };
  headers.set('Content-Type', 'text/html; charset=utf-8');
  for (const [name, value] of Object.entries(cacheControl(request, matches, routerContext, status)))
    headers.set(name, value);

  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    const { pipe, abort } = renderToPipeableStream(
      <PageContext.Provider value={page}>
        <I18nextProvider i18n={texts}>
          <ServerRouter
            context={routerContext}
            url={request.url}
            {...(page.nonce ? { nonce: page.nonce } : {})}
          />
        </I18nextProvider>
      </PageContext.Provider>,
      {
        ...(page.nonce ? { nonce: page.nonce } : {}),
        onAllReady() {
          ready = true;
          // Sent whole, in one write: a page that reaches the browser in pieces may be painted in
          // pieces (and shift as the rest arrives).
          const chunks: Buffer[] = [];
          const body = new PassThrough();
          body.on('data', (chunk: Buffer) => chunks.push(chunk));
          body.on('end', () => {
            const html = Buffer.concat(chunks);
            headers.set('Content-Length', String(html.byteLength));
            resolve(new Response(html, { status, headers }));
          });
          body.on('error', reject);
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          // Errors before the page is ready reach React Router's boundaries; later ones are logged.
          if (ready) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
