import { screenLoader } from '../server/screen.server.ts';

/** The category tree. */
export const loader = screenLoader((catalogue) => [catalogue.categories()]);
