import { DEFERRED_SCRIPT_TYPE, PRELOADS_ATTRIBUTE } from '../app/first-paint.ts';

// React Router's tags as React writes them (react-router's <Scripts>): the module preloads React moves
// into the head, and the one module script that starts the app.
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;
/** What a preload's address may be: a path of the build's assets (nothing to escape in an attribute). */
const ASSET_PATH = /^\/[\w./-]+\.js$/;

let warned = false;

/**
 * A server-rendered page whose code is fetched and started after its first paint (app/first-paint.ts):
 * the module preloads leave the head for a list on React Router's module script, which is sent inert.
 * A page whose tags are not as expected (a React Router upgrade) is sent as rendered, and said once.
 */
export function startAfterFirstPaint(html: string): string {
  const scripts = html.match(MODULE_SCRIPT)?.length ?? 0;
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href ?? '');
  if (scripts !== 1 || preloads.length === 0 || !preloads.every((href) => ASSET_PATH.test(href))) {
    if (!warned) {
      warned = true;
      console.error(
        `storefront: a page's React Router scripts are not as expected (${scripts} module scripts, ${preloads.length} preloads); pages start their code at once`,
      );
    }
    return html;
  }
  const list = JSON.stringify(preloads).replaceAll('"', '&quot;');
  return html
    .replace(MODULE_PRELOAD, '')
    .replace(
      MODULE_SCRIPT,
      (_, nonce: string | undefined) =>
        `<script${nonce ?? ''} type="${DEFERRED_SCRIPT_TYPE}" ${PRELOADS_ATTRIBUTE}="${list}">`,
    );
}
