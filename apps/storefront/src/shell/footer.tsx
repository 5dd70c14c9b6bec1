import { usePolicies } from '@marketkit/hooks';
import type { Schema } from '@marketkit/sdk';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useIdle } from './use-idle.ts';

type StoreSettings = Schema<'StoreSettings'>;

/** Only web links leave the store; anything else in settings (javascript:, data:) is not linked. */
const isWebLink = (url: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** The shared footer: the store's footer settings, contact and policy links. */
export function Footer({ settings }: { settings: StoreSettings | null }) {
  const { t } = useTranslation('footer');
  // Below the fold: the policy links load once the first screen is done.
  const policies = usePolicies({ enabled: useIdle() });
  const footer = settings?.store_footer_settings;
  const contact = settings?.store_contact;
  const social = (footer?.social_links ?? []).filter((link) => isWebLink(link.url));
  return (
    <footer className="mt-12 bg-footer text-footer-fg">
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 text-sm sm:grid-cols-3">
        <nav aria-label={t('policies')}>
          <h2 className="mb-2 font-semibold">{t('policies')}</h2>
          <ul className="flex flex-col gap-1">
            {(policies.data ?? []).map((policy) => (
              <li key={policy.slug}>
                <Link
                  to={`/policies/${encodeURIComponent(policy.slug)}`}
                  className="underline-offset-4 hover:underline"
                >
                  {policy.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {contact && (contact.email || contact.phone || contact.address) ? (
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact" className="mb-2 font-semibold">
              {t('contact')}
            </h2>
            <address className="flex flex-col gap-1 not-italic">
              {contact.email ? (
                <a
                  href={`mailto:${encodeURIComponent(contact.email)}`}
                  className="underline-offset-4 hover:underline"
                >
                  {contact.email}
                </a>
              ) : null}
              {contact.phone ? (
                <a
                  href={`tel:${contact.phone.replace(/[^\d+]/g, '')}`}
                  className="underline-offset-4 hover:underline"
                  dir="ltr"
                >
                  {contact.phone}
                </a>
              ) : null}
              {contact.address ? <span>{contact.address}</span> : null}
            </address>
          </section>
        ) : null}
        {social.length > 0 ? (
          <nav aria-label={t('follow_us')}>
            <h2 className="mb-2 font-semibold">{t('follow_us')}</h2>
            <ul className="flex flex-col gap-1">
              {social.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    rel="noopener noreferrer external"
                    target="_blank"
                    className="underline-offset-4 hover:underline"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {footer?.footer_text ? <p className="sm:col-span-3">{footer.footer_text}</p> : null}
      </div>
    </footer>
  );
}
