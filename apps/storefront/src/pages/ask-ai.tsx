import { useAiConfiguration } from '@marketkit/hooks';
import { AiChat } from '../ai/chat.tsx';
import { useTranslation } from 'react-i18next';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['ask_ai'], noAssistant: true };

/** The shopping assistant (`/ask-ai`: signed in, and only when the store's AI configuration has it on). */
export default function AskAi() {
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
