import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

/**
 * Scroll restoration is manual (spec §2): a new page starts at the top; Back and Forward return to
 * where the shopper was on that entry.
 */
export function ScrollManager() {
  const location = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  useLayoutEffect(() => {
    const key = location.key;
    if (type === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
    else if (!location.hash) window.scrollTo(0, 0);
    return () => {
      positions.set(key, window.scrollY);
    };
  }, [location.key, location.hash, type]);
  return null;
}
