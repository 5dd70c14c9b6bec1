import { isSlotFull, type slotsByDate } from '@marketkit/hooks/core';
import { useFormat } from '../i18n/format.ts';

type Group = ReturnType<typeof slotsByDate>[number];

/** Slots grouped per date as radio buttons (12-hour times); full slots show but cannot be chosen. */
export function SlotGroups({
  groups,
  name,
  selected,
  disabled = false,
  fullLabel,
  onSelect,
}: {
  groups: readonly Group[];
  /** The radio group's name (one per product or booking). */
  name: string;
  selected: number | null;
  disabled?: boolean;
  fullLabel: string;
  onSelect: (slotId: number) => void;
}) {
  const format = useFormat();
  return groups.map((group) => (
    <fieldset key={group.date} className="flex flex-col gap-1">
      <legend className="font-medium text-sm">{format.day(group.date)}</legend>
      <div className="flex flex-wrap gap-2">
        {group.slots.map((slot) => {
          const full = isSlotFull(slot);
          return (
            <label
              key={slot.slot_id}
              className={`flex min-h-10 items-center gap-2 rounded-md border px-3 text-sm ${
                selected === slot.slot_id ? 'border-current bg-primary/20' : 'border-current/30'
              } ${full ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'}`}
            >
              <input
                type="radio"
                name={name}
                value={slot.slot_id}
                checked={selected === slot.slot_id}
                disabled={full || disabled}
                onChange={() => onSelect(slot.slot_id)}
              />
              <span dir="ltr" data-testid="slot-time">
                {format.time(slot.start_time)}–{format.time(slot.end_time)}
              </span>
              {full ? <span>({fullLabel})</span> : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  ));
}
