import { serviceStatusChip } from '@marketkit/hooks/core';
import { useTranslation } from 'react-i18next';
import { ToneChip } from '../orders/status-chip.tsx';

/** A booking's or a session's status as a labelled chip (the text carries it, the colour only helps). */
export function ServiceStatus({ kind, value }: { kind: 'booking' | 'session'; value: string }) {
  const { t } = useTranslation('training_overview');
  const chip = serviceStatusChip(kind, value);
  return (
    <ToneChip
      tone={chip.tone}
      data-testid={`${kind}-status`}
      className="inline-flex items-center whitespace-nowrap"
    >
      <span className="sr-only">{t('status_label')}: </span>
      {chip.known ? t(`${kind}_status.${chip.value}`) : t('unknown_status')}
    </ToneChip>
  );
}
