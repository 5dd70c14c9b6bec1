import { useTrainingOverview } from '@marketkit/hooks';
import { isExternalLink, progressPercent, safeJoinLink, trainingRouteIds } from '@marketkit/hooks/core';
import { isMarketApiError, type Schema } from '@marketkit/sdk';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ServiceStatus } from '../account/service-status.tsx';
import { orderHref } from '../catalogue/links.ts';
import { LoadStates } from '../common/load-states.tsx';
import { useFormat } from '../i18n/format.ts';
import type { RouteHandle } from '../i18n/namespaces.ts';
import { Copy } from '../shell/copy.tsx';

export const handle: RouteHandle = { i18n: ['training_overview', 'order'] };

/** Training overview (`/trainingOverview/{orderItemId}/{orderId}`): progress and sessions of a purchased training. */
export default function TrainingOverview() {
  const params = useParams<{ orderItemId: string; orderId: string }>();
  const ids = trainingRouteIds(params.orderItemId, params.orderId);
  const { t } = useTranslation(['training_overview', 'common']);
  const training = useTrainingOverview(ids?.orderItemId ?? 0, ids?.orderId ?? 0);
  const refused = training.isError && isMarketApiError(training.error) && training.error.status < 500;

  if (!ids || refused)
    return (
      <Frame title={t('title')}>
        <section className="flex flex-col items-start gap-3 py-6">
          <h2 className="font-semibold text-lg">{t('not_found')}</h2>
          <p className="opacity-80">{t('not_found_hint')}</p>
          <Link to="/userprofile/myOrder" className="underline underline-offset-4">
            {t('go_to_orders')}
          </Link>
        </section>
      </Frame>
    );
  const data = training.data;
  if (training.isError || !data)
    return (
      <Frame title={t('title')}>
        <LoadStates
          state={training.isError ? 'failed' : 'loading'}
          failed={{ title: t('load_failed'), onRetry: () => void training.refetch() }}
          loading={['h-6 w-1/2', 'h-3 w-full', 'h-24 w-full', 'h-24 w-full']}
        />
      </Frame>
    );
  return <Overview training={data} />;
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6">
      <h1 className="font-bold text-2xl">{title}</h1>
      {children}
    </div>
  );
}

function Overview({ training }: { training: Schema<'TrainingOverview'> }) {
  const { t } = useTranslation('training_overview');
  const percent = progressPercent(training.progress_percent);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-6">
      <Link to={orderHref(training.order_id)} className="self-start text-sm underline underline-offset-4">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">
          ←
        </span>{' '}
        {t('back_to_order')}
      </Link>
      <header className="flex flex-col gap-1">
        <p className="font-medium text-sm opacity-80">{t('title')}</p>
        <h1 className="break-words font-bold text-2xl">{training.product_name}</h1>
      </header>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1 rounded-lg border border-current/10 p-4">
          <dt className="text-sm opacity-80">{t('trainer')}</dt>
          <dd className="font-medium">{training.trainer_name ?? t('trainer_pending')}</dd>
        </div>
        <div className="flex flex-col gap-1 rounded-lg border border-current/10 p-4">
          <dt className="text-sm opacity-80">{t('mode')}</dt>
          <dd className="font-medium">{t(`modes.${training.mode}`)}</dd>
        </div>
      </dl>
      <section aria-labelledby="training-progress" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="training-progress" className="font-semibold text-lg">
            {t('progress')}
          </h2>
          <span className="text-sm">{t('progress_value', { percent })}</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="training-progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={t('progress_value', { percent })}
          className="h-3 w-full overflow-hidden rounded-full bg-black/10"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
      </section>
      <section aria-labelledby="training-sessions" className="flex flex-col gap-3">
        <h2 id="training-sessions" className="font-semibold text-lg">
          {t('sessions')}
        </h2>
        {training.sessions.length === 0 ? (
          <p>{t('no_sessions')}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {training.sessions.map((session, index) => (
              <Session key={session.session_id} session={session} anchor={`session-${index + 1}`} />
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

function Session({ session, anchor }: { session: Schema<'TrainingSession'>; anchor: string }) {
  const format = useFormat();
  const { t } = useTranslation('training_overview');
  const join = safeJoinLink(session.join_link);
  const external = join !== null && isExternalLink(join);
  return (
    <li
      id={anchor}
      data-testid="training-session"
      className="flex flex-col gap-3 rounded-lg border border-current/10 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="min-w-0 break-words font-semibold">{session.title}</h3>
        <ServiceStatus kind="session" value={session.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="opacity-80">{t('date')}</dt>
        <dd>{format.date(session.starts_at)}</dd>
        <dt className="opacity-80">{t('time')}</dt>
        <dd>
          <span dir="ltr">{format.time(session.starts_at)}</span>
        </dd>
        <dt className="opacity-80">{t('duration')}</dt>
        <dd>
          <span dir="ltr">{format.duration(session.duration_minutes)}</span>
        </dd>
        {session.location ? (
          <>
            <dt className="opacity-80">{t('location')}</dt>
            <dd className="break-words">{session.location}</dd>
          </>
        ) : null}
      </dl>
      {join ? (
        <div className="flex flex-wrap items-center gap-2">
          <a
            href={join}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            className="self-start rounded-md bg-primary px-4 py-2 font-medium text-primary-fg text-sm hover:brightness-95 focus-visible:outline-2 focus-visible:outline-current focus-visible:outline-offset-2"
          >
            {t('join')}
            <span className="sr-only">
              : {session.title}
              {external ? ` ${t('opens_new_tab')}` : ''}
            </span>
          </a>
          {/* The link as the shopper would open it: made whole against this page's address. */}
          <Copy
            text={() => new URL(join, window.location.href).href}
            name={t('common:copy.join_link', { title: session.title })}
          />
        </div>
      ) : null}
    </li>
  );
}
