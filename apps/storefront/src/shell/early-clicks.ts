import { REPLAY_QUEUE } from '../early/replay.ts';

let taken: HTMLElement[] | null = null;

/**
 * Stops the early script's recording (src/early/event-replay.ts) and keeps what it recorded. Called
 * right after React's root is made: from then on React hears clicks itself (and replays those on parts
 * still hydrating), so a click is never heard twice.
 */
export function stopEarlyClicks() {
  if (taken) return;
  const take = (window as unknown as Record<string, unknown>)[REPLAY_QUEUE];
  taken = typeof take === 'function' ? (take() as HTMLElement[]) : [];
}

/**
 * Replays each control clicked before hydration once, in the order clicked, on the same node (hydration
 * keeps it), after React has rendered what the one before changed (a quantity, then add to cart).
 */
export async function replayEarlyClicks() {
  stopEarlyClicks();
  const clicks = taken?.splice(0) ?? [];
  for (const control of clicks) {
    // Gone or switched off by what came before it (the product is in the cart now): nothing to repeat.
    if (!control.isConnected || (control instanceof HTMLButtonElement && control.disabled)) continue;
    control.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}
