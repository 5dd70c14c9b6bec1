/** The session flag of the one-reload rule for code that fails to load, shared by the early guard and the app. */
export const CHUNK_RELOAD_FLAG = 'marketkit_chunk_reload';

/**
 * The client navigation under way, kept in session storage while its screen loads: React Router loads
 * the page it is on again when a screen's code fails to load, and the early script (./after-reload.ts)
 * then finds where the shopper was going.
 */
export const NAVIGATION_KEY = 'marketkit_navigation';

/** Where a navigation started (the page's address then) and where it goes, both path, query and hash. */
export interface NavigationRecord {
  from: string;
  to: string;
}
