import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

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
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new route closes the panel
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
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
