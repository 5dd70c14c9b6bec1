import type { RouteHandle } from '../i18n/namespaces.ts';
import { NotFound } from '../shell/not-found.tsx';

export const handle: RouteHandle = { catalogue: true };

export { clientLoader } from '../app/route-data.ts';

/** Any other path. */
export default NotFound;
