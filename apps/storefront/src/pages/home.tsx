import { useStoreBootstrap } from '@marketkit/hooks';
import { useT } from '../i18n/react.tsx';

/** Home: the store's hero for now; deals, categories and recommendations arrive with the shopping screens. */
export default function Home() {
  const { t } = useT('common');
  const store = useStoreBootstrap();
  const home = store.settings?.store_home_settings;
  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">
        {home?.hero_title || t('welcome', { store: store.settings?.store_display_name ?? '' })}
      </h1>
      {home?.hero_subtitle ? <p className="opacity-80">{home.hero_subtitle}</p> : null}
    </section>
  );
}
