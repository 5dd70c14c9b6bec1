import { clsx } from 'clsx';
import {
  createContext,
  type PointerEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Toaster as SonnerToaster, toast as sonner } from 'sonner';
import {
  dragDismisses,
  TOAST_CARD_CLASS,
  TOAST_CLOSE_CLASS,
  TOAST_DURATION_MS,
  TOAST_KIND_CLASS,
  type ToastKind,
  type ToastOptions,
} from './toast-rules.ts';

/** The close button's name, from the Toaster (the cards render inside it). */
const CloseLabel = createContext('Close');

function ToastCard({ id, kind, message }: { id: string | number; kind: ToastKind; message: ReactNode }) {
  const closeLabel = useContext(CloseLabel);
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const release = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const distance = event.clientX - start.current;
    start.current = null;
    if (dragDismisses(distance, event.currentTarget.getBoundingClientRect().width)) sonner.dismiss(id);
    else setOffset(0);
  };
  return (
    <div
      // sonner's region already announces new toasts politely; errors interrupt.
      role={kind === 'error' ? 'alert' : undefined}
      data-slot="toast"
      data-kind={kind}
      className={clsx(TOAST_CARD_CLASS, 'touch-pan-y select-none', TOAST_KIND_CLASS[kind])}
      style={{
        transform: `translateX(${offset}px)`,
        transition: start.current === null ? 'transform 150ms' : 'none',
      }}
      onPointerDown={(event) => {
        start.current = event.clientX;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }}
      onPointerMove={(event) => {
        if (start.current !== null) setOffset(event.clientX - start.current);
      }}
      onPointerUp={release}
      onPointerCancel={() => {
        start.current = null;
        setOffset(0);
      }}
    >
      <p className="flex-1">{message}</p>
      <button
        type="button"
        aria-label={closeLabel}
        className={TOAST_CLOSE_CLASS}
        onPointerDown={(event) => event.stopPropagation()}
        onClick={() => sonner.dismiss(id)}
      >
        ×
      </button>
    </div>
  );
}

/** Shows a toast on the mounted host. */
export function showToast(kind: ToastKind, message: ReactNode, options: ToastOptions = {}) {
  sonner.custom((id) => <ToastCard id={id} kind={kind} message={message} />, {
    ...(options.id === undefined ? {} : { id: options.id }),
    duration: options.duration ?? TOAST_DURATION_MS,
  });
}

export function dismissToast(id?: string) {
  sonner.dismiss(id);
}

/**
 * The sonner host: top-right, top-left for right-to-left; sonner's own swipe is off (ours is 80 %).
 * `top` moves the stack down, on every screen width (sonner's `offset` and `mobileOffset`).
 */
export function ToastHost({
  dir,
  closeLabel,
  top,
  onReady,
}: {
  dir: 'ltr' | 'rtl';
  closeLabel: string;
  top?: string | undefined;
  onReady: () => () => void;
}) {
  // Runs after sonner's own effects (children first), so it is subscribed before queued toasts show.
  useEffect(onReady, [onReady]);
  return (
    <CloseLabel.Provider value={closeLabel}>
      <SonnerToaster
        position={dir === 'rtl' ? 'top-left' : 'top-right'}
        dir={dir}
        duration={TOAST_DURATION_MS}
        swipeDirections={[]}
        toastOptions={{ unstyled: true }}
        // Only the top is ours: the other sides keep sonner's defaults (24px, 16px on phones).
        {...(top === undefined ? {} : { offset: { top }, mobileOffset: { top } })}
      />
    </CloseLabel.Provider>
  );
}
