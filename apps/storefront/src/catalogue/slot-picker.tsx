import { useProductSlots, useSlots } from '@marketkit/hooks';
import { formatDate, formatTime, isSlotFull, slotsByDate } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { useT } from '../i18n/react.tsx';

type Product = Schema<'ProductDetail'>;

/** Services: the next two weeks of slots; the chosen one goes with the product into the cart. */
export function SlotPicker({ product }: { product: Product }) {
  const { t } = useT('product_details');
  const slots = useProductSlots(product.product_id);
  const chosen = useSlots();
  const selected = chosen.slotFor(product.product_id)?.id ?? null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-current/10 p-4">
      <legend className="px-1 font-semibold">{t('choose_slot')}</legend>
      {slots.isPending ? <p className="text-sm">{t('loading_slots')}</p> : null}
      {slots.data && slots.data.length === 0 ? <p className="text-sm">{t('no_slots')}</p> : null}
      <div className="flex max-h-72 flex-col gap-3 overflow-y-auto">
        {slotsByDate(slots.data ?? []).map((group) => (
          <fieldset key={group.date} className="flex flex-col gap-1">
            <legend className="font-medium text-sm">{formatDate(`${group.date}T12:00:00Z`, 'UTC')}</legend>
            <div className="flex flex-wrap gap-2">
              {group.slots.map((slot) => {
                const full = isSlotFull(slot);
                return (
                  <label
                    key={slot.slot_id}
                    className={`flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm ${
                      selected === slot.slot_id ? 'border-current bg-primary/20' : 'border-current/30'
                    } ${full ? 'cursor-not-allowed opacity-50' : ''}`}
                  >
                    <input
                      type="radio"
                      name={`slot-${product.product_id}`}
                      value={slot.slot_id}
                      checked={selected === slot.slot_id}
                      disabled={full}
                      onChange={() => chosen.select(product.product_id, slot.slot_id)}
                    />
                    <span dir="ltr" data-testid="slot-time">
                      {formatTime(slot.start_time)}–{formatTime(slot.end_time)}
                    </span>
                    {full ? <span>({t('full')})</span> : null}
                  </label>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
