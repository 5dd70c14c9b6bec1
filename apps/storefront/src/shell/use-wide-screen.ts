import { useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, followed as the window changes; false on the server and while the
 * page hydrates (the server cannot know the screen: draw for a phone, widen after).
 */
export function useWideScreen(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => matchMedia(query).matches,
    () => false,
  );
}
