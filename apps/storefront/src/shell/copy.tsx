import { CopyButton } from '@marketkit/ui';
import { useTranslation } from 'react-i18next';

/**
 * A copy button in the shopper's language: `name` is what a screen reader hears it copies (it starts
 * with the button's visible word), and "Copied" is said on it and announced for 3 seconds.
 */
export function Copy({ text, name }: { text: string | (() => string); name: string }) {
  const { t } = useTranslation('common');
  return (
    <CopyButton
      text={text}
      label={t('copy.copy')}
      accessibleLabel={name}
      copiedLabel={t('copy.copied')}
      failedLabel={t('copy.failed')}
    />
  );
}
