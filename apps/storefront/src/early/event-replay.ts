/**
 * Clicks made before the app's code runs, kept to be replayed once it does (Angular's event replay is
 * the model). A control opts in by sitting inside an element marked `data-replay` (./replay.ts
 * names the attribute); a click on it before hydration is recorded, nothing is prevented (such a control
 * does nothing as plain HTML: a `type="button"`), and the app replays each recorded control once, in
 * order, on the same DOM node (hydration keeps it): src/shell/early-clicks.ts.
 */
import { REPLAY_ATTRIBUTE, REPLAY_PENDING_ATTRIBUTE, REPLAY_QUEUE } from './replay.ts';

/** The control a click landed on, if it opted in and needs code (a submit button works as HTML). */
function replayable(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof Element)) return null;
  const control = target.closest<HTMLElement>('button, [role="button"]');
  if (!control?.closest(`[${REPLAY_ATTRIBUTE}]`)) return null;
  if (control instanceof HTMLButtonElement && (control.type !== 'button' || control.disabled)) return null;
  return control;
}

/** Starts recording; the app (src/shell/early-clicks.ts) stops it and takes what was recorded. */
export function captureEarlyClicks() {
  const clicks: HTMLElement[] = [];
  const record = (event: MouseEvent) => {
    const control = replayable(event.target);
    // Every tap counts (two taps on "+" are two more): each is replayed once, in order.
    if (!control) return;
    clicks.push(control);
    // The page says it heard: html[data-replay-pending] styles the controls (src/styles.css).
    document.documentElement.setAttribute(REPLAY_PENDING_ATTRIBUTE, '');
  };
  document.addEventListener('click', record, true);
  (window as unknown as Record<string, unknown>)[REPLAY_QUEUE] = () => {
    document.removeEventListener('click', record, true);
    document.documentElement.removeAttribute(REPLAY_PENDING_ATTRIBUTE);
    return clicks.splice(0);
  };
}
