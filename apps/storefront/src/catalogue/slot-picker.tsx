import { useProductSlots, useSlots } from '@marketkit/hooks';
import { loadState, settleSlotChoice, slotsByDate } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { ErrorState } from '@marketkit/ui';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SlotGroups } from './slot-groups.tsx';

type Product = Schema<'ProductDetail'>;

/** Services: the next two weeks of slots; the chosen one goes with the product into the cart. */
export function SlotPicker({ product }: { product: Product }) {
  const { t } = useTranslation(['product_details', 'common']);
  const slots = useProductSlots(product.product_id);
  const state = loadState(
    { hasData: slots.data !== undefined, isFetching: slots.isFetching, error: slots.error },
    slots.data?.length ?? 0,
  );
  const chosen = useSlots();
  const selected = chosen.slotFor(product.product_id)?.id ?? null;
  const list = useRef<HTMLDivElement>(null);
  const { select } = chosen;
  // The server renders the slots: a pick made before the code ran is in the page only. Once the code
  // has the page (and whenever the slots come in), the shopper's pick is kept, before any render could
  // put the radios back to what the state held.
  useLayoutEffect(() => {
    const checked = list.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    const picked = checked ? Number(checked.value) : null;
    const settled = settleSlotChoice(picked, selected, slots.data ?? []);
    if (settled !== null && settled !== selected) select(product.product_id, settled);
  }, [slots.data, selected, select, product.product_id]);
  return (
    <fieldset className="flex flex-col gap-3 rounded-lg border border-current/10 p-4">
      <legend className="px-1 font-semibold">{t('choose_slot')}</legend>
      {state === 'loading' ? <p className="text-sm">{t('loading_slots')}</p> : null}
      {state === 'failed' ? (
        <ErrorState
          title={t('slots_failed')}
          retryLabel={t('common:retry')}
          onRetry={() => void slots.refetch()}
        />
      ) : null}
      {state === 'empty' ? <p className="text-sm">{t('no_slots')}</p> : null}
      <div ref={list} className="flex max-h-72 flex-col gap-3 overflow-y-auto">
        <SlotGroups
          groups={slotsByDate(slots.data ?? [])}
          name={`slot-${product.product_id}`}
          selected={selected}
          fullLabel={t('full')}
          onSelect={(slotId) => select(product.product_id, slotId)}
        />
      </div>
    </fieldset>
  );
}
