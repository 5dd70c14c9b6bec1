import { useCart, useWishlist } from '@marketkit/hooks';
import { ITEM_TYPES, MAX_SEARCH_LENGTH, mainImage } from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, toast } from '@marketkit/ui';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { productHref } from '../catalogue/links.ts';
import { Thumbnail } from '../catalogue/thumbnail.tsx';
import { failureMessage } from '../common/failure.ts';
import { BrowseLink, LoadStates } from '../common/load-states.tsx';
import { SelectField } from '../common/select-field.tsx';
import type { RouteHandle } from '../i18n/namespaces.ts';

export const handle: RouteHandle = { i18n: ['wishlist', 'cart'] };

type Kind = Schema<'ItemType'> | '';

/** Wishlist (`/WishList`, signed-in): search, filter by kind, move to the cart, remove. */
export default function Wishlist() {
  const { t } = useTranslation(['wishlist', 'common', 'cart']);
  const [search, setSearch] = useState('');
  const [type, setType] = useState<Kind>('');
  // Typing does not send a request per key: the search follows 300 ms after typing stops.
  const [deferred, setDeferred] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDeferred(search), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const wishlist = useWishlist({ search: deferred, type });
  const cart = useCart();

  const move = async (item: (typeof wishlist.items)[number]) => {
    try {
      if (!cart.isInCart(item.product)) await cart.add(item.product_detail);
      await wishlist.remove(item.id);
      toast.success(t('moved'));
    } catch (error) {
      toast.error(failureMessage(error, t('move_failed'), t));
    }
  };
  const remove = async (id: number) => {
    try {
      await wishlist.remove(id);
    } catch (error) {
      toast.error(failureMessage(error, t('remove_failed'), t));
    }
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{t('title')}</h1>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium">{t('search')}</span>
          <input
            type="search"
            value={search}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => setSearch(event.target.value)}
            className="min-h-10 rounded-md border border-current/30 bg-transparent px-3"
          />
        </label>
        <SelectField
          label={t('kind_label')}
          value={type}
          options={[
            { value: '', label: t('all_kinds') },
            ...ITEM_TYPES.map((kind) => ({ value: kind, label: t(`kind.${kind}`) })),
          ]}
          onChange={(value) => setType(ITEM_TYPES.find((kind) => kind === value) ?? '')}
        />
      </div>
      <LoadStates
        state={wishlist.state}
        failed={{
          title: t('load_failed'),
          description: failureMessage(wishlist.error, '', t) || undefined,
          onRetry: wishlist.reload,
        }}
        loading={['h-20 w-full', 'h-20 w-full']}
        empty={{
          title: deferred.trim() || type ? t('no_matches') : t('empty'),
          action: <BrowseLink>{t('cart:continue_shopping')}</BrowseLink>,
        }}
      >
        {() => (
          <ul className="flex flex-col">
            {wishlist.items.map((item) => (
              <li
                key={item.id}
                className="flex items-center gap-4 border-current/10 border-b py-3"
                data-testid="wishlist-item"
              >
                <Thumbnail
                  path={mainImage(item.product_detail.product_image)}
                  size={64}
                  className="size-16"
                />
                <Link to={productHref(item.product)} className="min-w-0 flex-1 font-medium hover:underline">
                  {item.product_detail.product_name}
                </Link>
                {/* Tapped before the code runs: done once it does (src/early/event-replay.ts). */}
                <div className="flex flex-wrap justify-end gap-2" data-replay>
                  <Button size="sm" onClick={() => void move(item)}>
                    {t('move_to_cart')}
                    <span className="sr-only">: {item.product_detail.product_name}</span>
                  </Button>
                  <Button size="sm" variant="tertiary" onClick={() => void remove(item.id)}>
                    {t('remove')}
                    <span className="sr-only">: {item.product_detail.product_name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadStates>
    </div>
  );
}
