/**
 * The rule for the page's own first screen: a screen whose code fails to load causes one full page
 * load, guarded by a session flag; a second failure shows the error. React Router's module script
 * imports the route modules the server rendered, and a failed import means nothing of the app runs, so
 * this guard runs before it (see `./index.ts`): one reload, guarded by the same session flag as later
 * screens (src/app/route-modules.ts, ./after-reload.ts); offline, it waits for the connection instead; a second failure
 * says so over the page the server rendered (still readable, its links and forms still work).
 */
import { CHUNK_RELOAD_FLAG } from './flags.ts';

/** A text of the page's own (the `common` namespace it carries), or the English fallback. */
function text(key: string, fallback: string): string {
  try {
    const texts = JSON.parse(document.getElementById('marketkit-texts')?.textContent ?? '') as {
      language: string;
      resources: Record<string, { common?: Record<string, unknown> } | undefined>;
    };
    const value = texts.resources[texts.language]?.common?.[key] ?? texts.resources.en?.common?.[key];
    return typeof value === 'string' ? value : fallback;
  } catch {
    return fallback;
  }
}

/** The failure, said above the page the server rendered (still readable, its links and forms still work). */
export function showFailure() {
  const box = document.createElement('div');
  box.setAttribute('role', 'alert');
  box.style.cssText =
    'padding:1rem;background:#fff;color:#000;border-bottom:1px solid #0002;text-align:center';
  const heading = document.createElement('h1');
  heading.textContent = text('screen_failed', 'This screen could not be loaded');
  heading.style.cssText = 'font-weight:700;font-size:1.25rem';
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.textContent = text('retry', 'Try again');
  retry.style.cssText = 'margin-top:.5rem;text-decoration:underline';
  retry.addEventListener('click', () => location.reload());
  box.append(heading, retry);
  document.body.prepend(box);
}

/** Watches the page's module scripts: the first failure reloads once, a second one is shown. */
export function guardFirstLoad() {
  addEventListener(
    'error',
    (event) => {
      const element = event.target;
      if (!(element instanceof HTMLScriptElement) || element.type !== 'module') return;
      // Without storage a reload could repeat forever: show the failure instead.
      let seen = true;
      try {
        seen = sessionStorage.getItem(CHUNK_RELOAD_FLAG) !== null;
        if (seen) sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
        else sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
      } catch {}
      if (seen) {
        if (document.body) showFailure();
        else addEventListener('DOMContentLoaded', showFailure);
        return;
      }
      if (navigator.onLine === false) addEventListener('online', () => location.reload(), { once: true });
      else location.reload();
    },
    true,
  );
}
