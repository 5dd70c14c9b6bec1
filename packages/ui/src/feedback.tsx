import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

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
      className={cn('block rounded-md bg-black/10', className)}
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

/** How long the "copied" feedback shows (spec §9: 3 s). */
export const COPY_FEEDBACK_MS = 3000;

/** Copies a text; its label switches to `copiedLabel` for 3 seconds. */
export function CopyButton({
  text,
  label = 'Copy',
  copiedLabel = 'Copied',
  clipboard,
}: {
  text: string;
  label?: string;
  copiedLabel?: string;
  clipboard?: Pick<Clipboard, 'writeText'>;
}) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-live="polite"
      onClick={async () => {
        try {
          await (clipboard ?? navigator.clipboard).writeText(text);
        } catch {
          return;
        }
        setCopied(true);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
      }}
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}
