import { screenLoader } from '../server/screen.server.ts';

/** The home page's deals (unless the store hides them); the rows below the fold come in the browser. */
export const loader = screenLoader((catalogue, { store }) =>
  store.settings?.store_settings_data[0]?.store_home_settings?.show_deals === false
    ? []
    : [catalogue.deals(10)],
);
