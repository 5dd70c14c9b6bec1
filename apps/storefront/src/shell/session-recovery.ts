import type { ReplayFailedEvent } from '@marketkit/sdk';
import type { NavigateFunction } from 'react-router';
import { forgetReturnTo } from '../common/return-to.ts';
import { pageRenewalUnderWay } from './guards.tsx';

const RELOAD_AT_KEY = 'marketkit_replay_reload_at';
/** Within this time after such a reload, another failed replay does not reload again (no loops). */
export const REPLAY_RELOAD_GUARD_MS = 60_000;

/**
 * A request replayed with a fresh token that fails again reloads the page. Not when the
 * replay got no answer at all (offline: a reload would show the browser's error page), and at most
 * once a minute, so an answer that keeps failing cannot reload forever.
 */
export function shouldReloadAfterReplay(event: ReplayFailedEvent, lastReloadAt: number | null, now: number) {
  if (event.status === 0) return false;
  return lastReloadAt === null || now - lastReloadAt > REPLAY_RELOAD_GUARD_MS;
}

export function reloadAfterFailedReplay(event: ReplayFailedEvent) {
  let last: number | null = null;
  try {
    const stored = Number(sessionStorage.getItem(RELOAD_AT_KEY));
    last = Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return; // Without the guard a reload could repeat: stay on the page.
  }
  if (!shouldReloadAfterReplay(event, last, Date.now())) return;
  try {
    sessionStorage.setItem(RELOAD_AT_KEY, String(Date.now()));
  } catch {
    return;
  }
  location.reload();
}

/**
 * A session that ends on its own (refresh refused, guest 401) goes to /, without a reload;
 * not a page's own renewal, refused before the page showed (see `pageRenewalUnderWay`).
 * After the current render: a signed-in page's guard may first send the new guest to /signin, and
 * that entry is then replaced by /.
 */
export function goHome(navigate: NavigateFunction) {
  // A renewal the page's guard asked for was refused: the shopper asked for a signed-in page holding
  // no valid session, so the guard sends them to sign in and keeps the page (a guest's rule).
  if (pageRenewalUnderWay()) return;
  forgetReturnTo();
  setTimeout(() => {
    // The guard may have remembered the page as the shopper turned guest: the next sign-in starts at /.
    forgetReturnTo();
    if (location.pathname !== '/') void navigate('/', { replace: true });
  }, 0);
}
