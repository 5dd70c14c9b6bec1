import { useAiConfiguration } from '@marketkit/hooks';
import { AiChat } from '../ai/chat.tsx';
import { useT } from '../i18n/react.tsx';

/** The shopping assistant (`/ask-ai`: signed in, and only when the store's AI configuration has it on). */
export default function AskAi() {
  const { t } = useT('ask_ai');
  const name = useAiConfiguration().configuration?.assistant_name || t('assistant');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('title', { name })}</h1>
      <p className="opacity-80">{t('intro', { name })}</p>
      <AiChat name={name} />
    </div>
  );
}
