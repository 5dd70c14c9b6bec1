import { toast } from '@marketkit/ui';
import { type ComponentType, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { retryUnderChunkRule, withinChunkTimeout } from '../app/route-modules.ts';
import type { AiChatPanelProps } from './chat-panel.tsx';

/** Set before the page is loaded again for the chat's code: the new page opens the chat at once. */
const OPEN_AFTER_LOAD = 'marketkit_open_assistant';

const openAfterLoad = {
  set: () => {
    try {
      sessionStorage.setItem(OPEN_AFTER_LOAD, '1');
    } catch {
      // Storage refused: the shopper opens it again themselves.
    }
  },
  take: () => {
    try {
      const wanted = sessionStorage.getItem(OPEN_AFTER_LOAD) !== null;
      sessionStorage.removeItem(OPEN_AFTER_LOAD);
      return wanted;
    } catch {
      return false;
    }
  },
};

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

const importPanel = () => import('./chat-panel.tsx');

/**
 * The chat's code, loaded on the first click only (its texts load as it renders), within the code-loading rule's
 * time limit. After a failure the next opening tries again under the chunk rule: a file a deploy
 * replaced comes with the page loaded once more, and the chat opens there.
 */
const chatPanel = (attempt: number, unavailable: () => void) =>
  lazy<ComponentType<AiChatPanelProps>>(() =>
    (attempt === 0
      ? withinChunkTimeout(importPanel)
      : retryUnderChunkRule(importPanel, openAfterLoad.set)
    ).catch(() => {
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
  const AiChatPanel = useMemo(
    () =>
      chatPanel(attempt, () => {
        failed.current = true;
      }),
    [attempt],
  );
  // The page was loaded again for the chat's code: the shopper asked for the chat, so it opens.
  useEffect(() => {
    if (!openAfterLoad.take()) return;
    setRequested(true);
    setOpen(true);
  }, []);
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
