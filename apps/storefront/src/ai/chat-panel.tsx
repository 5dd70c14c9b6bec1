import { Drawer } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';
import { AiChat } from './chat.tsx';

export interface AiChatPanelProps {
  open: boolean;
  /** Opened or dismissed (Escape, Close, a click outside). */
  onOpenChange: (open: boolean) => void;
  /** A product or category link was followed: the panel closes, focus stays with the new page. */
  onNavigate: () => void;
  /** The assistant's name from the AI configuration. */
  name: string;
}

/**
 * The floating widget's chat: the assistant in a modal panel at the inline end (focus moves in and is
 * kept there; Escape or Close shuts it). Following a product or category link closes it.
 */
export default function AiChatPanel({ open, onOpenChange, onNavigate, name }: AiChatPanelProps) {
  const { t } = useTranslation(['ask_ai', 'common']);
  const shown = name || t('assistant');
  return (
    <Drawer
      open={open}
      onOpenChange={onOpenChange}
      title={t('title', { name: shown })}
      description={t('intro', { name: shown })}
      closeLabel={t('common:close')}
    >
      <AiChat name={shown} onNavigate={onNavigate} />
    </Drawer>
  );
}
