/**
 * The rule for a screen whose code fails to load during a client navigation (a link, back or
 * forward): React Router then loads again the page it is on. Found here, before anything else runs: a
 * page loaded again while a navigation was under way (./flags.ts) goes on to where the shopper was
 * going, once, under the session flag (the page load of the rule); if the flag is already set, the
 * code failed after that load too, and the failure is said over the page, whose app is not started
 * (src/entry.client.tsx), so nothing loads the page again by itself.
 */

import { showFailure } from './first-load-guard.ts';
import { CHUNK_RELOAD_FLAG, NAVIGATION_KEY, type NavigationRecord } from './flags.ts';

/** What a page load does about an interrupted navigation. */
export type AfterReload =
  /** Nothing: not loaded again, or not in the middle of a navigation. */
  | { kind: 'none' }
  /** The rule's one page load: the flag is set and the destination loaded. */
  | { kind: 'load'; to: string }
  /** The rule's one page load was this one (back or forward: the address is the destination's). */
  | { kind: 'stay' }
  /** The code failed after the rule's page load too: said, and the app is not started. */
  | { kind: 'fail' };

/** The decision, from what the page can see: the navigation recorded, this page's address, how it loaded. */
export function afterReload(
  record: NavigationRecord | null,
  here: string,
  reloaded: boolean,
  flagSet: boolean,
): AfterReload {
  if (!record || !reloaded || record.from !== here) return { kind: 'none' };
  if (flagSet) return { kind: 'fail' };
  return record.to === here ? { kind: 'stay' } : { kind: 'load', to: record.to };
}

/** A recorded navigation, or null (none, storage refused, or not ours). */
export function readRecord(text: string | null): NavigationRecord | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<NavigationRecord> | null;
    return typeof value?.from === 'string' && typeof value.to === 'string' && sameOrigin(value.to)
      ? { from: value.from, to: value.to }
      : null;
  } catch {
    return null;
  }
}

/** Only a path of this site: a stored value never sends the shopper elsewhere. */
const sameOrigin = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');

/**
 * The attribute on `<html>` that tells the app not to start: the page is leaving for the destination
 * (its app would clear the flag meanwhile), or the failure is shown (its router would load it again).
 */
export const NO_APP_ATTRIBUTE = 'data-no-app';

export function applyAfterReload() {
  let record: NavigationRecord | null = null;
  let flagSet = true;
  try {
    record = readRecord(sessionStorage.getItem(NAVIGATION_KEY));
    sessionStorage.removeItem(NAVIGATION_KEY);
    flagSet = sessionStorage.getItem(CHUNK_RELOAD_FLAG) !== null;
  } catch {
    // Without storage there is no record: nothing to do.
  }
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const here = `${location.pathname}${location.search}${location.hash}`;
  const outcome = afterReload(record, here, entry?.type === 'reload', flagSet);
  if (outcome.kind === 'none') return;
  if (outcome.kind !== 'stay') document.documentElement.setAttribute(NO_APP_ATTRIBUTE, '');
  if (outcome.kind === 'fail') {
    if (document.body) showFailure();
    else addEventListener('DOMContentLoaded', showFailure);
    return;
  }
  try {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
  } catch {}
  if (outcome.kind === 'load') location.replace(outcome.to);
}
