import { useProductSlots, useSlots } from '@marketkit/hooks';
import { slotsByDate } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { useTranslation } from 'react-i18next';
import { SlotGroups } from './slot-groups.tsx';

type Product = Schema<'ProductDetail'>;

/** Services: the next two weeks of slots; the chosen one goes with the product into the cart. */
export function SlotPicker({ product }: { product: Product }) {
  const { t } = useTranslation('product_details');
  const slots = useProductSlots(product.product_id);
  const chosen = useSlots();
  const selected = chosen.slotFor(product.product_id)?.id ?? null;
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-current/10 p-4">
      <legend className="px-1 font-semibold">{t('choose_slot')}</legend>
      {slots.isPending ? <p className="text-sm">{t('loading_slots')}</p> : null}
      {slots.data && slots.data.length === 0 ? <p className="text-sm">{t('no_slots')}</p> : null}
      <div className="flex max-h-72 flex-col gap-3 overflow-y-auto">
        <SlotGroups
          groups={slotsByDate(slots.data ?? [])}
          name={`slot-${product.product_id}`}
          selected={selected}
          fullLabel={t('full')}
          onSelect={(slotId) => chosen.select(product.product_id, slotId)}
        />
      </div>
    </fieldset>
  );
}
