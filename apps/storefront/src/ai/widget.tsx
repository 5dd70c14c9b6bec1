import { toast } from '@marketkit/ui';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { boot } from '../boot/start.ts';
import { useT } from '../i18n/react.tsx';
import type { AiChatPanelProps } from './chat-panel.tsx';

/** The panel could not be had (offline, a new deployment): said once per opening, and closed again. */
function PanelUnavailable({ open, onNavigate }: AiChatPanelProps) {
  const { t } = useT('common');
  useEffect(() => {
    if (!open) return;
    toast.error(t('screen_failed'));
    onNavigate();
  }, [open, onNavigate, t]);
  return null;
}

// The chat's code and texts load on the first click only: none of it is in a route's first bundle.
const AiChatPanel = lazy<ComponentType<AiChatPanelProps>>(() =>
  Promise.all([
    import('./chat-panel.tsx'),
    boot.then(({ i18n }) => i18n.whenSettled(['ask_ai', 'common'])),
  ]).then(
    ([module]) => module,
    () => ({ default: PanelUnavailable }),
  ),
);

/** The floating "Ask {assistant}" button; it opens the assistant's chat in a panel. */
export function AiWidget({ label, name }: { label: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
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
            onNavigate={() => setOpen(false)}
            name={name}
          />
        </Suspense>
      ) : null}
    </>
  );
}
