import { DEFERRED_SCRIPT_TYPE } from '../app/first-paint.ts';

// React Router's serialisation of its tags (react-router's <Scripts>, through React's renderer): the
// module preloads React moves into the head, and the one module script that starts the app.
const MODULE_PRELOAD = '<link rel="modulepreload" ';
const MODULE_SCRIPT = /<script( nonce="[^"]*")? type="module" async="">/g;

let warned = false;

/**
 * A server-rendered page whose code starts after its first paint (app/first-paint.ts): the module
 * preloads at low priority, React Router's module script inert until the page has been painted. A page
 * where the tags are not as expected (a React Router upgrade) is sent as rendered, and said once.
 */
export function startAfterFirstPaint(html: string): string {
  const scripts = html.match(MODULE_SCRIPT)?.length ?? 0;
  if (scripts !== 1) {
    if (!warned) {
      warned = true;
      console.error(
        `storefront: ${scripts} React Router module scripts in a page (1 expected); pages start their code at once`,
      );
    }
    return html;
  }
  return html
    .replaceAll(MODULE_PRELOAD, `${MODULE_PRELOAD}fetchpriority="low" `)
    .replace(
      MODULE_SCRIPT,
      (_, nonce: string | undefined) => `<script${nonce ?? ''} type="${DEFERRED_SCRIPT_TYPE}">`,
    );
}
