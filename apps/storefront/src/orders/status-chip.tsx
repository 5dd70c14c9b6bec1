import { type ChipTone, historyChip, type StatusKind, statusChip } from '@marketkit/hooks/core';
import { cn } from '@marketkit/ui';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';

// Dark text on a pale fill: readable on every store theme (WCAG AA), never colour alone.
const TONE_CLASSES: Record<ChipTone, string> = {
  success: 'border-green-700/40 bg-green-50 text-green-900',
  warning: 'border-amber-700/40 bg-amber-50 text-amber-900',
  danger: 'border-red-700/40 bg-red-50 text-red-900',
  neutral: 'border-gray-600/40 bg-gray-50 text-gray-900',
  info: 'border-blue-700/40 bg-blue-50 text-blue-900',
};

/**
 * A status chip in one of the core's tones (`statusChip`, `serviceStatusChip`, `enquiryChip`). Its text
 * must say the status: the colour only helps.
 */
export function ToneChip({ tone, className, ...props }: ComponentProps<'span'> & { tone: ChipTone }) {
  return (
    <span
      {...props}
      className={cn('rounded-full border px-2 py-0.5 font-medium text-xs', TONE_CLASSES[tone], className)}
    />
  );
}

/**
 * An order, payment or request status as a labelled chip ("Payment: Completed"). A value this version
 * does not know reads "Unknown status"; `history` picks the kind from the value (status history).
 */
export function StatusChip({
  kind,
  value,
  showKind = true,
  label,
}: {
  kind: StatusKind | 'history';
  value: string;
  /** Prefix the kind ("Order:", "Payment:", "Request:"). */
  showKind?: boolean;
  /** A prefix other than the kind ("Status:" for an item). */
  label?: string;
}) {
  const { t } = useTranslation('order');
  const chip = kind === 'history' ? historyChip(value) : statusChip(kind, value);
  const prefix = label ?? (showKind && kind !== 'history' ? t(`status.kind.${kind}`) : null);
  const text = chip.known ? t(`status.${chip.kind}.${chip.value}`) : t('status.unknown');
  return (
    <ToneChip
      tone={chip.tone}
      className="inline-block max-w-full"
      data-testid={`chip-${kind}`}
      data-status={chip.known ? chip.value : 'unknown'}
    >
      {prefix ? `${prefix}: ` : null}
      {text}
    </ToneChip>
  );
}
