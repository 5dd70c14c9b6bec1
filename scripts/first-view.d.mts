/** The cookie that turns the first view off (`app` from the boot script, any value from anyone). */
export const VIEW_COOKIE: string;
/** How long a page waits for its first view before it goes out without one. */
export const FIRST_VIEW_TIMEOUT_MS: number;
/** How long a drawn view (or the decision not to draw one) is reused for the same page. */
export const FIRST_VIEW_TTL_MS: number;
/** Loads the built SDK and hooks the view is drawn with (once). */
export function load(): Promise<unknown>;
/** Text and attribute values as HTML. */
export function escapeHtml(value: unknown): string;
/** A theme colour as CSS, or null. */
export function safeColour(value: unknown): string | null;
export type FirstViewScreen = { kind: 'home' } | { kind: 'listing' } | { kind: 'product'; productId: number };
/** The screen a request shows, when it is one the server draws. */
export function firstViewScreen(pathname: string, search: string): FirstViewScreen | null;
/** The store a host name serves (`storeFromHost` of the hooks' core, which the app asks too). */
export function storeFromHost(
  hostname: string,
  config: { store: string | null; defaultStore: string },
): Promise<string>;
export interface FirstView {
  html: string;
  answers: Record<string, unknown>;
}
/** The first view of a screen, or null when the page is better without one. */
export function drawFirstView(options: {
  screen: FirstViewScreen | null;
  store: string;
  storeId: number | undefined;
  servicesHost: string;
  upstream: string;
  root: string;
}): Promise<FirstView | null>;
/** A cache of drawn views (or their absence) per page. */
export function firstViewCache(options?: {
  ttlMs?: number;
  limit?: number;
  now?: () => number;
}): <T>(key: string, draw: () => Promise<T>) => Promise<T | null>;
/** The promise's value, or null when it takes longer than `ms`. */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | null>;
