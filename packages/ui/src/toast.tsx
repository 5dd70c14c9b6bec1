import { clsx } from 'clsx';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import {
  TOAST_CARD_CLASS,
  TOAST_CLOSE_CLASS,
  TOAST_DURATION_MS,
  TOAST_KIND_CLASS,
  type ToastKind,
  type ToastOptions,
} from './toast-rules.ts';

type HostModule = typeof import('./toast-host.tsx');

// sonner stays out of a page's first load: the host loads at the first toast (most pages show none).
let loading: Promise<HostModule> | null = null;
let loaded: HostModule | null = null;
const waitingForModule = new Set<(module: HostModule) => void>();
const load = () => {
  loading ??= import('./toast-host.tsx').then(
    (module) => {
      loaded = module;
      for (const notify of waitingForModule) notify(module);
      waitingForModule.clear();
      return module;
    },
    (error: unknown) => {
      // A failed download (a deploy replaced the file, the network dropped) is tried again next time.
      loading = null;
      throw error;
    },
  );
  return loading;
};

let hostsMounted = 0;
const queued: Array<(module: HostModule) => void> = [];
const hostReady = () => {
  hostsMounted += 1;
  const module = loaded;
  if (module) for (const run of queued.splice(0)) run(module);
  return () => {
    hostsMounted -= 1;
  };
};

/**
 * After the next paint: a toast raised by a click (add to cart) is measured by sonner as it mounts, a
 * forced layout that would otherwise delay the click's own feedback. A frame later is not seen. One
 * queue, drained by one scheduled flush, keeps the order of calls: a call made while the tab is hidden
 * (a timer) cannot overtake one still waiting for a frame.
 */
const painting: Array<() => void> = [];
const afterPaint = (run: () => void) => {
  painting.push(run);
  if (painting.length > 1) return;
  const flush = () => {
    for (const next of painting.splice(0)) next();
  };
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && !document.hidden)
    requestAnimationFrame(() => setTimeout(flush, 0));
  else setTimeout(flush, 0);
};

/**
 * Toasts whose code could not be downloaded (the network dropped: often what the toast is about; a
 * deploy replaced the file): said all the same, plainly, by the `<Toaster>`, for as long as a toast.
 */
interface PlainToast {
  key: number;
  id: string | undefined;
  kind: ToastKind;
  message: ReactNode;
}
let plain: readonly PlainToast[] = [];
const plainListeners = new Set<() => void>();
const setPlain = (next: readonly PlainToast[]) => {
  plain = next;
  for (const listener of plainListeners) listener();
};
let plainKeys = 0;
const removePlain = (key: number) => setPlain(plain.filter((toast) => toast.key !== key));
function sayPlainly(kind: ToastKind, message: ReactNode, options: ToastOptions = {}) {
  plainKeys += 1;
  const key = plainKeys;
  const kept = options.id === undefined ? plain : plain.filter((toast) => toast.id !== options.id);
  setPlain([...kept, { key, id: options.id, kind, message }]);
  setTimeout(() => removePlain(key), options.duration ?? TOAST_DURATION_MS);
}

function enqueue(run: (module: HostModule) => void, unloaded?: () => void) {
  // The first toast's download starts after the paint too: asking for a chunk adds its preload links,
  // work a click (add to cart) would otherwise do before its own feedback shows.
  afterPaint(() =>
    load().then(
      (module) => {
        if (hostsMounted > 0) run(module);
        else queued.push(run);
      },
      // Said without the toaster's code; the next toast tries the download again.
      () => unloaded?.(),
    ),
  );
}

const show = (kind: ToastKind) => (message: ReactNode, options?: ToastOptions) =>
  enqueue(
    (module) => module.showToast(kind, message, options),
    () => sayPlainly(kind, message, options),
  );

/**
 * Toasts: top-right (top-left for right-to-left), 5000 ms, dismissed by dragging 80 % of the
 * width. Calls made before the `<Toaster>` is ready are shown once it is.
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  dismiss: (id?: string) => {
    setPlain(id === undefined ? [] : plain.filter((toast) => toast.id !== id));
    // Nothing was ever shown through the toaster's code: nothing of it to load for a dismissal.
    if (loaded || loading) enqueue((module) => module.dismissToast(id));
  },
};

/**
 * Where toasts appear. Render it once; it loads its code at the first toast. `closeLabel`
 * names each toast's close button (translate it). `top` is the stack's distance from the top of the
 * viewport on every screen width, any CSS length (say `calc(var(--header-height) + 1rem)`): toasts
 * then never cover a header's controls.
 */
export function Toaster({
  dir = 'ltr',
  closeLabel = 'Close',
  top,
}: {
  dir?: 'ltr' | 'rtl';
  closeLabel?: string;
  top?: string;
}) {
  const [Host, setHost] = useState<HostModule['ToastHost'] | null>(() => loaded?.ToastHost ?? null);
  useEffect(() => {
    if (loaded) {
      setHost(() => loaded?.ToastHost ?? null);
      return;
    }
    const take = (module: HostModule) => setHost(() => module.ToastHost);
    waitingForModule.add(take);
    return () => {
      waitingForModule.delete(take);
    };
  }, []);
  const said = useSyncExternalStore(
    (listener) => {
      plainListeners.add(listener);
      return () => {
        plainListeners.delete(listener);
      };
    },
    () => plain,
    () => NONE,
  );
  return (
    <>
      {Host ? <Host dir={dir} closeLabel={closeLabel} top={top} onReady={hostReady} /> : null}
      {said.length > 0 ? (
        <ol
          dir={dir}
          data-slot="plain-toasts"
          className="fixed end-4 z-50 flex flex-col gap-2"
          style={{ top: top ?? '1rem' }}
        >
          {said.map((toast) => (
            <li
              key={toast.key}
              role={toast.kind === 'error' ? 'alert' : 'status'}
              data-slot="toast"
              data-kind={toast.kind}
              className={clsx(TOAST_CARD_CLASS, TOAST_KIND_CLASS[toast.kind])}
            >
              <p className="flex-1">{toast.message}</p>
              <button
                type="button"
                aria-label={closeLabel}
                className={TOAST_CLOSE_CLASS}
                onClick={() => removePlain(toast.key)}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      ) : null}
    </>
  );
}

const NONE: readonly PlainToast[] = [];

export {
  dragDismisses,
  TOAST_DRAG_DISMISS_RATIO,
  TOAST_DURATION_MS,
  type ToastKind,
  type ToastOptions,
} from './toast-rules.ts';
