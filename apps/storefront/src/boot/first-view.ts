import type { PrefetchAnswers } from '@marketkit/hooks/prefetch';

/** Where the storefront's server holds back the app's scripts behind a first view (storefront-server.mjs). */
export const APP_TEMPLATE_ID = 'marketkit-app';
/** The view the server drew (scripts/first-view.mjs); the app removes it as it draws the screen. */
export const FIRST_VIEW_ID = 'first-view';
/** The longest the app's code waits for the view's pictures. */
export const PICTURE_WAIT_MS = 500;
/** And for a frame, which a busy or throttled page may not give. */
const FRAME_WAIT_MS = 1000;

/** Removes the server's first view (when the app draws its screen, or cannot). */
export function dismissFirstView() {
  document.getElementById(FIRST_VIEW_ID)?.remove();
}

/** The cookie that tells the storefront's server to leave out its first view (scripts/first-view.mjs). */
export const VIEW_COOKIE = 'mk_view';

/** The answers the first view was drawn from (scripts/storefront-server.mjs). */
export const ANSWERS_ID = 'marketkit-answers';
/** Answers older than this (a page from the browser's cache, on Back) are asked for again. */
export const ANSWERS_MAX_AGE_MS = 60_000;

/**
 * The store calls' answers the page carries for this page, store and language (the one the boot
 * script asks in), for `prefetchStore`'s `answers`; undefined when there are none, they are for
 * another page, store or language, older than `ANSWERS_MAX_AGE_MS` (or from a clock that far off), or
 * unreadable.
 */
export function pageAnswers(
  store: string,
  storeId: number | undefined,
  language: string,
): PrefetchAnswers | undefined {
  const text = document.getElementById(ANSWERS_ID)?.textContent;
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return undefined;
    const page = value as Record<string, unknown>;
    const age = Date.now() - Number(page.drawnAt);
    if (
      page.path !== `${location.pathname}${location.search}` ||
      page.store !== store ||
      page.storeId !== storeId ||
      typeof page.language !== 'string' ||
      page.language.toLowerCase() !== language.toLowerCase() ||
      !(Math.abs(age) <= ANSWERS_MAX_AGE_MS)
    )
      return undefined;
    const object = (item: unknown) => (typeof item === 'object' && item !== null ? item : undefined);
    const answers: PrefetchAnswers = {};
    const validation = object(page.validation);
    const settings = object(page.settings);
    const languages = object(page.languages);
    if (validation) answers.validation = validation as NonNullable<PrefetchAnswers['validation']>;
    if (settings) answers.settings = settings as NonNullable<PrefetchAnswers['settings']>;
    if (languages) answers.languages = languages as NonNullable<PrefetchAnswers['languages']>;
    if (Array.isArray(page.screen)) answers.screen = page.screen.map(object);
    return answers;
  } catch {
    return undefined; // Not JSON (changed on its way): the calls are made as usual.
  }
}

/** Whether the page came with a first view whose app code is still held back. */
export function heldBack(): HTMLTemplateElement | null {
  const template = document.getElementById(APP_TEMPLATE_ID);
  return template instanceof HTMLTemplateElement ? template : null;
}

let painted: Promise<void> | null = null;

/**
 * Settles after the frame that shows the first view's pictures (waiting at most `PICTURE_WAIT_MS`
 * for them), at once in a hidden tab, which paints nothing. Until then the page asks for nothing
 * else: on a slow network the pictures get the connection first.
 */
export function firstViewPainted(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    // The boot script may run before the body (and the view's pictures) is in.
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', () => afterPictures(resolve), { once: true });
      return;
    }
    afterPictures(resolve);
  });
  return painted;
}

function afterPictures(resolve: () => void) {
  const pictures = [
    ...document.querySelectorAll<HTMLImageElement>(`#${FIRST_VIEW_ID} img[fetchpriority="high"]`),
  ];
  // `decode` settles once a picture is loaded and ready to paint (or has failed).
  const loaded = Promise.allSettled(
    pictures.map((picture) => Promise.resolve().then(() => picture.decode())),
  );
  const waited = new Promise((done) => setTimeout(done, PICTURE_WAIT_MS));
  void Promise.race([loaded, waited]).then(() => {
    // After the frame that shows them: a frame callback, then a task.
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, FRAME_WAIT_MS);
  });
}

/**
 * Starts the app's code that the server held back, once the first view has painted. Nothing to do on
 * a page without a first view.
 */
export function startHeldBackApp() {
  const template = heldBack();
  if (!template) return;
  // A task of its own, after the one that sends the store calls (start.ts).
  void firstViewPainted().then(() =>
    setTimeout(() => {
      for (const node of template.content.querySelectorAll('script[src], link[rel="modulepreload"]')) {
        const element = document.createElement(node.localName);
        for (const { name, value } of node.attributes) element.setAttribute(name, value);
        document.head.append(element);
      }
      template.remove();
    }, 0),
  );
}
