import { clsx } from 'clsx';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';

/** The spec's 48px spinner (an SVG arc: it paints as content, so it counts as the first paint), announced as busy. */
export function Spinner({ label = 'Loading', size = 48 }: { label?: string; size?: number }) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className="inline-flex items-center justify-center"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 48 48"
        width={size}
        height={size}
        style={{ width: size, height: size, animation: 'mk-spin 0.8s linear infinite' }}
      >
        <circle
          cx="24"
          cy="24"
          r="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeDasharray="94 32"
        />
      </svg>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A grey block while content loads (size it like the content it stands for). */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      data-slot="skeleton"
      className={clsx('block rounded-md bg-black/10', className)}
      style={{ animation: 'mk-pulse 1.5s ease-in-out infinite' }}
    />
  );
}

interface StateProps {
  title: string;
  description?: string | undefined;
  /** A link or button under the message. */
  action?: ReactNode;
}

function StateBlock({ title, description, action, alert }: StateProps & { alert: boolean }) {
  return (
    <section
      role={alert ? 'alert' : undefined}
      data-slot={alert ? 'error-state' : 'empty-state'}
      className="flex flex-col items-center gap-3 py-12 text-center"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      {description ? <p className="max-w-prose opacity-80">{description}</p> : null}
      {action}
    </section>
  );
}

/** Nothing to show (an empty list, no results), with what to do next. */
export function EmptyState(props: StateProps) {
  return <StateBlock {...props} alert={false} />;
}

/** Something failed: announced to screen readers, with a retry button and/or another way on (retry first). */
export function ErrorState({
  retryLabel,
  onRetry,
  action,
  ...props
}: StateProps & { retryLabel?: string; onRetry?: () => void }) {
  const retry = onRetry ? <Button onClick={onRetry}>{retryLabel ?? 'Try again'}</Button> : null;
  return (
    <StateBlock
      {...props}
      alert
      action={
        retry && action ? (
          <div className="flex flex-wrap items-center justify-center gap-3">
            {retry}
            {action}
          </div>
        ) : (
          (retry ?? action)
        )
      }
    />
  );
}

/** How long the "copied" feedback shows: it resets after 3 seconds. */
export const COPY_FEEDBACK_MS = 3000;

/** Props of {@link CopyButton}. */
export interface CopyButtonProps {
  /** What is copied; a function is read at the click (e.g. a link made absolute against the page). */
  text: string | (() => string);
  /** The button's words. */
  label?: string;
  /** The button's name for a screen reader when `label` alone does not say what is copied ("Copy order number"). */
  accessibleLabel?: string;
  /** Shown on the button and announced (a polite live region) for 3 seconds once copied. */
  copiedLabel?: string;
  /** Announced when the browser refused to copy (no permission, an insecure page). */
  failedLabel?: string;
  /** The clipboard; the browser's `navigator.clipboard` by default. */
  clipboard?: Pick<Clipboard, 'writeText'>;
  /** Timers, for tests with a clock of their own; the page's by default. */
  timers?: { setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void };
  className?: string;
}

const PAGE_TIMERS = {
  setTimeout: (run: () => void, ms: number): unknown => globalThis.setTimeout(run, ms),
  clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Copies a text to the clipboard. The button then says `copiedLabel` for 3 seconds and a live region
 * announces it (a button's own name changing is not reliably read out); a refusal is announced too.
 */
export function CopyButton({
  text,
  label = 'Copy',
  accessibleLabel,
  copiedLabel = 'Copied',
  failedLabel = 'Could not copy',
  clipboard,
  timers = PAGE_TIMERS,
  className,
}: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<unknown>(undefined);
  useEffect(() => () => timers.clearTimeout(timer.current), [timers]);
  const copy = async () => {
    let next: 'copied' | 'failed' = 'copied';
    try {
      const target = clipboard ?? globalThis.navigator?.clipboard;
      if (!target) throw new Error('No clipboard');
      await target.writeText(typeof text === 'function' ? text() : text);
    } catch {
      next = 'failed';
    }
    setState(next);
    timers.clearTimeout(timer.current);
    timer.current = timers.setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };
  return (
    <span className={clsx('inline-flex items-center', className)} data-slot="copy-button">
      <Button
        variant="secondary"
        size="sm"
        aria-label={accessibleLabel}
        data-state={state}
        onClick={() => void copy()}
      >
        {state === 'copied' ? copiedLabel : label}
      </Button>
      <span role="status" aria-live="polite" className="sr-only">
        {state === 'copied' ? copiedLabel : state === 'failed' ? failedLabel : ''}
      </span>
    </span>
  );
}
