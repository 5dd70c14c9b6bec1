import { useEffect, useLayoutEffect, useRef } from 'react';
import { useHydrated } from './guards.tsx';
import { useHistoryEntry } from './history.ts';
import { useIdle } from './use-idle.ts';

const positions = new Map<string, number>();
/** The document's first screen: it starts at the top, or at its #fragment, with nothing to restore. */
let firstScreen = true;
/** How long Back waits for a screen (and its data) to be tall enough to return to the old place. */
const RESTORE_TIMEOUT_MS = 1500;

/**
 * For what sits below the fold: true once the browser is idle after the first paint, and at once when
 * Back or Forward returns to a place on the page (the restore needs it drawn before it gives up).
 */
export function useBelowTheFold(): boolean {
  const idle = useIdle();
  // Never while the page hydrates: the server drew none of it.
  const hydrated = useHydrated();
  const { type } = useHistoryEntry();
  const returning = hydrated && type === 'POP' && !firstScreen;
  return idle || returning;
}

/**
 * Scroll restoration is manual: a new page starts at the top; Back and Forward return to
 * where the shopper was on that entry, once the screen is tall enough to get there.
 */
export function ScrollManager() {
  const { key, type } = useHistoryEntry();
  // The entry scrolls are recorded for: moved to a new entry before its first scroll (the one this
  // manager makes), so a scroll event that arrives a frame later is never the last entry's.
  const current = useRef(key);
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    // The position is recorded while scrolling, not when leaving (by then the page may have changed).
    const onScroll = () => positions.set(current.current, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    current.current = key;
    // Scrolling (or measuring the page to restore a place) forces a layout in the middle of the first
    // commit: on a 4× slower phone that alone cost ~75 ms of the first screen.
    if (firstScreen) {
      firstScreen = false;
      return;
    }
    if (type !== 'POP') {
      if (!window.location.hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.get(key) ?? 0;
    const started = performance.now();
    let frame = 0;
    const restore = () => {
      const reachable = document.documentElement.scrollHeight - window.innerHeight >= target;
      window.scrollTo(0, target);
      if (!reachable && performance.now() - started < RESTORE_TIMEOUT_MS)
        frame = requestAnimationFrame(restore);
    };
    restore();
    return () => cancelAnimationFrame(frame);
  }, [key, type]);
  return null;
}
