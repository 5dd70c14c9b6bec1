import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** The account screens, with the header menu's names for them (the header's texts are always loaded). */
const ACCOUNT_LINKS = [
  { href: '/myProfile', also: '/userDetails', label: 'my_profile' },
  { href: '/preferences', label: 'preferences' },
  { href: '/loginSessions', also: '/activeSessions', label: 'sessions' },
  { href: '/customerAddress', label: 'addresses' },
  { href: '/userprofile/myOrder', label: 'my_orders' },
] as const;

/** A small navigation between the account screens; the current one is marked for every reader. */
export function AccountNav() {
  const { t } = useTranslation('header');
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('account')}>
      <ul className="flex flex-wrap gap-2 text-sm">
        {ACCOUNT_LINKS.map((link) => {
          const current = pathname === link.href || ('also' in link && pathname === link.also);
          return (
            <li key={link.href}>
              <Link
                to={link.href}
                aria-current={current ? 'page' : undefined}
                className={`inline-flex min-h-10 items-center rounded-full border px-3 focus-visible:outline-2 focus-visible:outline-current ${
                  current ? 'border-current font-semibold' : 'border-current/30 hover:bg-current/10'
                }`}
              >
                {t(link.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
