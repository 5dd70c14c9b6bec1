import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useHistoryEntry } from './history.ts';

/**
 * A button that shows and hides a panel of links (the disclosure pattern: no arrow-key menu to learn).
 * Closes on Escape (focus back on the button), on a click outside and when the route changes.
 */
export function Disclosure({
  label,
  button,
  children,
  panelClassName = '',
  testId,
  onIntent,
}: {
  /** Accessible name of the button. */
  label: string;
  /** What the button shows (icon, text). */
  button: ReactNode;
  children: ReactNode;
  panelClassName?: string;
  testId?: string;
  /** The shopper is about to open it (pointer over, focus, click): time to fetch what it shows. */
  onIntent?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const entry = useHistoryEntry();
  /** Closes; focus inside the panel goes back to the button rather than being lost with the panel. */
  const close = useCallback(() => {
    if (root.current?.contains(document.activeElement)) trigger.current?.focus();
    setOpen(false);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route closes the panel
  useEffect(close, [entry.key]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    // Tabbing out of the panel closes it instead of leaving it over the page.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && !root.current?.contains(next)) setOpen(false);
    };
    const element = root.current;
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    element?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      element?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, close]);
  return (
    <div ref={root} className="relative">
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={id}
        data-testid={testId}
        onPointerEnter={onIntent}
        onFocus={onIntent}
        onClick={() => {
          onIntent?.();
          setOpen((value) => !value);
        }}
        className="flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 hover:bg-current/10 focus-visible:outline-2 focus-visible:outline-current"
      >
        {button}
      </button>
      <div
        id={id}
        hidden={!open}
        className={`absolute top-full z-30 mt-1 rounded-md border border-black/10 bg-white p-2 text-black shadow-lg ${panelClassName}`}
      >
        {children}
      </div>
    </div>
  );
}
