import { toast } from '@marketkit/ui';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiChatPanelProps } from './chat-panel.tsx';

/**
 * The panel could not be had (offline, a new deployment): said once per opening, and closed again;
 * the next opening tries the download again (its `onNavigate` also ends this attempt).
 */
function PanelUnavailable({ open, onNavigate }: AiChatPanelProps) {
  const { t } = useTranslation('common');
  useEffect(() => {
    if (!open) return;
    toast.error(t('screen_failed'));
    onNavigate();
  }, [open, onNavigate, t]);
  return null;
}

/** The chat's code, loaded on the first click only (its texts load as it renders). */
const chatPanel = (unavailable: () => void) =>
  lazy<ComponentType<AiChatPanelProps>>(() =>
    import('./chat-panel.tsx').catch(() => {
      unavailable();
      return { default: PanelUnavailable };
    }),
  );

/** The floating "Ask {assistant}" button; it opens the assistant's chat in a panel. */
export function AiWidget({ label, name }: { label: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  // A failed download is not kept: the next opening is a new attempt, with a new lazy component.
  const [attempt, setAttempt] = useState(0);
  const failed = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt is a new component
  const AiChatPanel = useMemo(
    () =>
      chatPanel(() => {
        failed.current = true;
      }),
    [attempt],
  );
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // A dismissed panel gives focus back to this button, once the panel (and its focus trap) has gone.
  useEffect(() => {
    if (open || !refocus.current) return;
    refocus.current = false;
    const timer = setTimeout(() => button.current?.focus());
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="fixed bottom-4 end-4 rounded-full bg-primary px-4 py-3 font-medium text-primary-fg shadow-lg"
        data-testid="ai-widget"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        {label}
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <AiChatPanel
            open={open}
            onOpenChange={(next) => {
              refocus.current = !next;
              setOpen(next);
            }}
            onNavigate={() => {
              setOpen(false);
              // A panel that could not be had: the next opening is a new attempt.
              if (failed.current) {
                failed.current = false;
                setRequested(false);
                setAttempt((n) => n + 1);
              }
            }}
            name={name}
          />
        </Suspense>
      ) : null}
    </>
  );
}
