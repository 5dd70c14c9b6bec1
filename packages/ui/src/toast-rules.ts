/** Toasts close on their own after 5000 ms. */
export const TOAST_DURATION_MS = 5000;
/** A toast dragged sideways by 80 % of its width is dismissed. */
export const TOAST_DRAG_DISMISS_RATIO = 0.8;

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastOptions {
  /** A toast with the same id replaces the one on screen instead of stacking. */
  id?: string;
  duration?: number;
}

/** Whether a sideways drag of `distance` pixels dismisses a toast `width` pixels wide. */
export function dragDismisses(distance: number, width: number) {
  return width > 0 && Math.abs(distance) >= width * TOAST_DRAG_DISMISS_RATIO;
}
