/** Toasts close on their own after 5000 ms. */
export const TOAST_DURATION_MS = 5000;
/** A toast dragged sideways by 80 % of its width is dismissed. */
export const TOAST_DRAG_DISMISS_RATIO = 0.8;

export type ToastKind = 'success' | 'error' | 'info';

/** A toast's card and its close button: the toaster's and the plain list's (src/toast.tsx) alike. */
export const TOAST_CARD_CLASS =
  'flex w-[min(22rem,calc(100vw-2rem))] items-start gap-3 rounded-md border border-black/10 border-s-4 bg-white p-4 text-sm text-black shadow-lg';
export const TOAST_CLOSE_CLASS = '-m-1 rounded p-1 leading-none opacity-70 hover:opacity-100';

/** The edge colour that tells a toast's kind at a glance. */
export const TOAST_KIND_CLASS: Record<ToastKind, string> = {
  success: 'border-s-green-700',
  error: 'border-s-red-700',
  info: 'border-s-current',
};
export interface ToastOptions {
  /** A toast with the same id replaces the one on screen instead of stacking. */
  id?: string;
  duration?: number;
}

/** Whether a sideways drag of `distance` pixels dismisses a toast `width` pixels wide. */
export function dragDismisses(distance: number, width: number) {
  return width > 0 && Math.abs(distance) >= width * TOAST_DRAG_DISMISS_RATIO;
}
