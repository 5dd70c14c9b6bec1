import { useMarket } from '@marketkit/hooks';
import { unwrap } from '@marketkit/sdk';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function Footer({ text }: { text: string }) {
  const { t } = useTranslation('footer');
  const market = useMarket();
  const policies = useQuery({
    queryKey: market.keys.policies(),
    queryFn: () => unwrap(market.client.GET('/pbs/rest/v3/policies')),
    staleTime: 10 * 60 * 1000,
  });
  return (
    <footer className="mt-12 bg-footer text-footer-fg">
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm">
        <nav aria-label={t('policies')}>
          <ul className="flex flex-wrap gap-4">
            {(policies.data?.data ?? []).map((policy) => (
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
        {text ? <p>{text}</p> : null}
      </div>
    </footer>
  );
}
