import { type UseLanguageResult, useCart, useCategories, useSession } from '@marketkit/hooks';
import {
  afterSignOut,
  cartBadgeCount,
  DEFAULT_LISTING,
  LANGUAGE_PARAM,
  listingSearch,
  MAX_SEARCH_LENGTH,
} from '@marketkit/hooks/core';
import { Button } from '@marketkit/ui';
import { type FormEvent, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useLocation, useNavigate, useNavigation } from 'react-router';
import { useEarlyChoice } from '../common/early-choice.ts';
import { forgetReturnTo } from '../common/return-to.ts';
import { Disclosure } from './disclosure.tsx';
import { beginSignOut } from './guards.tsx';
import { Icon } from './icons.tsx';

type Language = UseLanguageResult;

/** The header's height as a CSS variable on the page's root: toasts start below it (shell.tsx). */
export const HEADER_HEIGHT_VARIABLE = '--mk-header-height';

/** Keeps `HEADER_HEIGHT_VARIABLE` at the header's height as it wraps, and takes it away with the header. */

/** The header's buttons sit beside its 40 px fields: the field's height, a smaller text. */
const HEADER_BUTTON = { size: null, className: 'min-h-10 px-3 text-sm' } as const;
function useHeaderHeightVariable() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty(HEADER_HEIGHT_VARIABLE, `${header.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(header);
    return () => {
      observer?.disconnect();
      root.removeProperty(HEADER_HEIGHT_VARIABLE);
    };
  }, []);
  return ref;
}

const LOGO_HEIGHT = { small: 'h-7 sm:h-8', medium: 'h-8 sm:h-10', large: 'h-9 sm:h-12' } as const;
const linkClass =
  'flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-md px-2 hover:bg-current/10 focus-visible:outline-2 focus-visible:outline-current';

function CategoriesMenu() {
  const { t } = useTranslation('header');
  // Not needed for the first screen: fetched when the shopper reaches for the menu.
  const [wanted, setWanted] = useState(false);
  const categories = useCategories({ enabled: wanted });
  return (
    <Disclosure
      label={t('categories')}
      testId="categories-menu"
      onIntent={() => setWanted(true)}
      button={
        <>
          <Icon name="menu" />
          <span className="hidden lg:inline">{t('categories')}</span>
        </>
      }
      panelClassName="start-0 w-[min(40rem,calc(100vw-1.5rem))]"
    >
      <nav aria-label={t('categories')}>
        {categories.isPending ? <p className="p-2 text-sm">{t('categories_loading')}</p> : null}
        {categories.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 p-2 text-sm">
            {t('categories_failed')}
            <Button variant="tertiary" size="sm" onClick={() => void categories.refetch()}>
              {t('common:retry')}
            </Button>
          </p>
        ) : null}
        <ul className="grid gap-1 sm:grid-cols-2 md:grid-cols-3">
          {(categories.data ?? []).map((category) => (
            <li key={category.category_id}>
              <Link
                to={`/productListing?category=${category.category_id}`}
                className="block rounded px-2 py-1.5 font-medium hover:bg-black/5"
              >
                {category.category_name}
              </Link>
              {category.children.length > 0 ? (
                <ul className="ms-2 border-s border-black/10 ps-2 text-sm">
                  {category.children.map((child) => (
                    <li key={child.category_id}>
                      <Link
                        to={`/productListing?category=${child.category_id}`}
                        className="block rounded px-2 py-1 hover:bg-black/5"
                      >
                        {child.category_name}
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        <Link
          to="/listCategories"
          className="mt-2 block rounded px-2 py-1.5 text-sm underline underline-offset-4"
        >
          {t('all_categories')}
        </Link>
      </nav>
    </Disclosure>
  );
}

function SearchForm() {
  const { t } = useTranslation('header');
  const navigate = useNavigate();
  // Once the code runs: the text trimmed, and no empty `search=` in the address (the listing's own URL).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('search');
    const text = field instanceof HTMLInputElement ? field.value.trim() : '';
    const query = listingSearch({ ...DEFAULT_LISTING, search: text });
    navigate(query ? `/productListing?${query}` : '/productListing');
  };
  return (
    <search className="order-last basis-full md:order-none md:basis-auto md:flex-1">
      {/* A GET form to the listing (whose URL carries the search): the browser submits it before the
          code runs or without it; once the code runs React Router does, by client navigation. */}
      <Form
        method="get"
        action="/productListing"
        onSubmit={submit}
        className="flex w-full min-w-0 items-center gap-2"
      >
        <label htmlFor="site-search" className="sr-only">
          {t('search_label')}
        </label>
        <input
          id="site-search"
          type="search"
          name="search"
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={t('search_placeholder')}
          className="min-h-10 w-full min-w-0 rounded-md border border-current/30 bg-transparent px-3 placeholder:text-current/60"
        />
        <Button type="submit" {...HEADER_BUTTON} aria-label={t('search')}>
          <Icon name="search" />
        </Button>
      </Form>
    </search>
  );
}

function LanguageSwitcher({ language }: { language: Language }) {
  const { t } = useTranslation('header');
  const { language: current, setLanguage } = language;
  const { pathname, search } = useLocation();
  const select = useRef<HTMLSelectElement>(null);
  // Uncontrolled, so a language picked before the code ran is still in the list: applied once it runs.
  useEarlyChoice(select, setLanguage);
  if (language.languages.length < 2) return null;
  // Without code the browser submits the list to this page; the server keeps the choice and comes back.
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== LANGUAGE_PARAM);
  return (
    <Form method="get" action={pathname} className="flex items-center gap-1">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label className="flex items-center gap-1">
        <Icon name="globe" className="hidden size-5 sm:block" />
        <span className="sr-only">{t('language')}</span>
        <select
          ref={select}
          name={LANGUAGE_PARAM}
          // Drawn again with each language, so the list always starts at the one in use.
          key={current}
          defaultValue={current}
          // The app follows the chosen language (texts, direction): only the choice is made here.
          onChange={(event) => setLanguage(event.target.value)}
          className="min-h-10 max-w-[6.5rem] rounded-md border border-current/30 bg-transparent px-1 text-sm sm:max-w-none sm:px-2"
        >
          {language.languages.map((l) => (
            <option
              key={l.language_code}
              value={l.language_code}
              lang={l.language_code.replace('_', '-')}
              className="text-black"
            >
              {l.native_name ?? l.language_name}
            </option>
          ))}
        </select>
      </label>
      {/* Only a browser without code shows it (with code the list applies the choice at once). */}
      <noscript>
        <Button type="submit" {...HEADER_BUTTON} variant="secondary">
          {t('language_apply')}
        </Button>
      </noscript>
    </Form>
  );
}

function AccountMenu() {
  const { t } = useTranslation('header');
  const session = useSession();
  // Read when the logout call is answered: a navigation the shopper started meanwhile is theirs.
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== 'idle';
  if (session.status !== 'signed-in') {
    return (
      <Link to="/signin" className={linkClass}>
        <Icon name="user" />
        <span className="sr-only sm:not-sr-only">{t('sign_in')}</span>
      </Link>
    );
  }
  const name = session.user?.displayName || t('account');
  const links = [
    ['/myProfile', 'my_profile'],
    ['/userprofile/myOrder', 'my_orders'],
    ['/customerAddress', 'addresses'],
    ['/preferences', 'preferences'],
    ['/loginSessions', 'sessions'],
  ] as const;
  return (
    <Disclosure
      label={t('account_menu', { name })}
      testId="account-menu"
      button={
        <>
          <Icon name="user" />
          <span className="hidden max-w-[10rem] truncate sm:inline">{name}</span>
          <Icon name="chevron" className="hidden size-4 sm:block" />
        </>
      }
      panelClassName="end-0 w-56"
    >
      <ul className="flex flex-col">
        {links.map(([to, key]) => (
          <li key={to}>
            <Link to={to} className="block rounded px-3 py-2 text-sm hover:bg-black/5">
              {t(key)}
            </Link>
          </li>
        ))}
        <li className="mt-1 border-t border-black/10 pt-1">
          {/* A POST to sign-in's route action, which ends the session and goes to / before the code
              runs; once it runs, the app signs out itself. */}
          <Form
            method="post"
            action="/signin"
            onSubmit={async (event) => {
              event.preventDefault();
              // The session is cleared before the logout call; on success the page loads again at /,
              // on failure it stays, a guest's (the route guard then does what the page needs). A
              // signed-in page's guard may have remembered it meanwhile: the next sign-in starts from /.
              const from = location.href;
              const signingOut = beginSignOut();
              const { confirmed } = await session.signOut();
              if (confirmed) forgetReturnTo();
              const shopperMoved = location.href !== from || navigating.current;
              if (afterSignOut({ confirmed, shopperMoved }) === 'load-home') location.assign('/');
              else signingOut.end();
            }}
          >
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit" className="w-full rounded px-3 py-2 text-start text-sm hover:bg-black/5">
              {t('sign_out')}
            </button>
          </Form>
        </li>
      </ul>
    </Disclosure>
  );
}

/**
 * The cart link and its count: the one part of the header a cart change re-renders (the menus, search
 * and language switcher stay as they are in the click's frame).
 */
function CartLink() {
  const { t } = useTranslation('header');
  const cart = useCart();
  // Unknown while the server cart loads or when it failed: no count rather than a false "0".
  const badge = cartBadgeCount(cart.state, cart.quantity);
  return (
    <Link to="/cart" className={`${linkClass} relative`}>
      <Icon name="cart" />
      <span className="sr-only">
        {badge !== null
          ? t('cart_with_count', { count: badge })
          : t(cart.state === 'failed' ? 'cart_failed' : 'cart')}
      </span>
      {badge !== null ? (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-primary px-1 text-center font-semibold text-primary-fg text-xs leading-5"
        >
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

/** The shared header, 320px to desktop; the language comes from the app, which resolves it once. */
export function Header({
  logoUrl,
  logoSize,
  storeName,
  language,
}: {
  logoUrl: string | null;
  logoSize: keyof typeof LOGO_HEIGHT;
  storeName: string;
  language: Language;
}) {
  const { t } = useTranslation('header');
  const session = useSession();
  const ref = useHeaderHeightVariable();
  return (
    <header ref={ref} className="border-b border-current/10 bg-header text-header-fg">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-1 gap-y-2 px-3 py-2 sm:gap-x-3 sm:px-4">
        <CategoriesMenu />
        <Link
          to="/"
          className="flex min-h-10 min-w-0 shrink items-center font-semibold"
          aria-label={t('home_link', { store: storeName })}
        >
          {logoUrl ? (
            <img
              src={logoUrl}
              alt=""
              width={160}
              height={40}
              fetchPriority="high"
              // Painted with the first screen, not a frame after it (the largest paint).
              decoding="sync"
              className={`${LOGO_HEIGHT[logoSize]} w-auto max-w-[7.5rem] object-contain sm:max-w-[11rem]`}
            />
          ) : (
            <span className="truncate">{storeName}</span>
          )}
        </Link>
        <SearchForm />
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <LanguageSwitcher language={language} />
          {session.status === 'signed-in' ? (
            <Link to="/WishList" className={linkClass} aria-label={t('wishlist')}>
              <Icon name="heart" />
            </Link>
          ) : null}
          <CartLink />
          <AccountMenu />
        </div>
      </div>
    </header>
  );
}
