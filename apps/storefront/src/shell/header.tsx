import { useCart, type useLanguage, useSession } from '@marketkit/hooks';
import { Button } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** The shared header; the language comes from the app, which already resolves it once. */
export function Header({
  logoUrl,
  storeName,
  language,
}: {
  logoUrl: string | null;
  storeName: string;
  language: ReturnType<typeof useLanguage>;
}) {
  const { t, i18n } = useTranslation('header');
  const session = useSession();
  const cart = useCart();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = search.trim();
    navigate(text ? `/productListing?search=${encodeURIComponent(text)}` : '/productListing');
  };
  return (
    <header className="bg-header text-header-fg">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-3 px-4 py-3">
        <Link
          to="/"
          className="flex items-center gap-2 font-semibold"
          aria-label={t('home_link', { store: storeName })}
        >
          {logoUrl ? (
            <img src={logoUrl} alt="" width={160} height={40} className="h-10 w-auto" />
          ) : (
            <span>{storeName}</span>
          )}
        </Link>
        <nav aria-label={t('main_navigation')} className="flex items-center gap-3 text-sm">
          <Link to="/listCategories" className="underline-offset-4 hover:underline">
            {t('categories')}
          </Link>
        </nav>
        <search className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
          <form onSubmit={submit} className="flex w-full min-w-0 items-center gap-2">
            <label htmlFor="site-search" className="sr-only">
              {t('search_label')}
            </label>
            <input
              id="site-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder={t('search_placeholder')}
              className="min-h-10 w-full min-w-0 rounded-md border border-current/30 bg-transparent px-3"
            />
            <Button type="submit" size="sm">
              {t('search')}
            </Button>
          </form>
        </search>
        <div className="ms-auto flex items-center gap-3 text-sm">
          <label className="flex items-center gap-1">
            <span className="sr-only">{t('language')}</span>
            <select
              value={language.language}
              onChange={(event) => {
                const code = language.setLanguage(event.target.value);
                void i18n.changeLanguage(code);
              }}
              className="rounded-md border border-current/30 bg-transparent px-2 py-1"
            >
              {language.languages.map((l) => (
                <option key={l.language_code} value={l.language_code} className="text-black">
                  {l.native_name ?? l.language_name}
                </option>
              ))}
            </select>
          </label>
          {session.status === 'signed-in' ? (
            <Link to="/WishList" className="underline-offset-4 hover:underline">
              {t('wishlist')}
            </Link>
          ) : null}
          <Link
            to="/cart"
            className="underline-offset-4 hover:underline"
            aria-label={t('cart_with_count', { count: cart.count })}
          >
            {t('cart')} <span data-testid="cart-count">({cart.count})</span>
          </Link>
          {session.status === 'signed-in' ? (
            <span className="flex items-center gap-2">
              <Link to="/myProfile" className="underline-offset-4 hover:underline">
                {session.user?.displayName || t('account')}
              </Link>
              <Button
                variant="secondary"
                size="sm"
                onClick={async () => {
                  const confirmed = await session.signOut();
                  if (confirmed) location.assign('/');
                  else navigate('/', { replace: true });
                }}
              >
                {t('sign_out')}
              </Button>
            </span>
          ) : (
            <Link to="/signin" className="underline-offset-4 hover:underline">
              {t('sign_in')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
