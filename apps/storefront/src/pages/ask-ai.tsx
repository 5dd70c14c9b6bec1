import { useAiConfiguration } from '@marketkit/hooks';
import { Spinner } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { AiChat } from '../ai/chat.tsx';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { Guard, useHydrated } from '../shell/guards.tsx';
import { NotFound } from '../shell/not-found.tsx';

export const handle: RouteHandle = { i18n: ['ask_ai'], noAssistant: true };

function Assistant() {
  const { t } = useTranslation('ask_ai');
  const name = useAiConfiguration().configuration?.assistant_name || t('assistant');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('title', { name })}</h1>
      <p className="opacity-80">{t('intro', { name })}</p>
      <AiChat name={name} />
    </div>
  );
}

/**
 * The shopping assistant (`/ask-ai`): it exists only where the store's AI configuration (asked for a
 * signed-in shopper) has it on; anywhere else the path is "not found". Decided in the browser.
 */
export default function AskAi() {
  const { t } = useTranslation('common');
  const ai = useAiConfiguration();
  const hydrated = useHydrated();
  if (!hydrated || ai.isLoading)
    return (
      <div className="flex justify-center py-16">
        <Spinner label={t('loading')} />
      </div>
    );
  if (!ai.askAi) return <NotFound />;
  return (
    <Guard access="signed-in">
      <Assistant />
    </Guard>
  );
}
