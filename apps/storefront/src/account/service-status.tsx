import { type ServiceChipTone, serviceStatusChip } from '@marketkit/hooks/core';
import { useT } from '../i18n/react.tsx';

// Dark text on a pale fill, like the order chips: readable on every store theme, never colour alone.
const TONE_CLASSES: Record<ServiceChipTone, string> = {
  info: 'border-blue-700/40 bg-blue-50 text-blue-900',
  success: 'border-green-700/40 bg-green-50 text-green-900',
  warning: 'border-amber-700/40 bg-amber-50 text-amber-900',
  neutral: 'border-gray-600/40 bg-gray-50 text-gray-900',
};

/** A booking's or a session's status as a labelled chip (the text carries it, the colour only helps). */
export function ServiceStatus({ kind, value }: { kind: 'booking' | 'session'; value: string }) {
  const { t } = useT('training_overview');
  const chip = serviceStatusChip(kind, value);
  return (
    <span
      data-testid={`${kind}-status`}
      className={`inline-flex items-center whitespace-nowrap rounded-full border px-2 py-0.5 font-medium text-xs ${TONE_CLASSES[chip.tone]}`}
    >
      <span className="sr-only">{t('status_label')}: </span>
      {chip.known ? t(`${kind}_status.${chip.value}`) : t('unknown_status')}
    </span>
  );
}
