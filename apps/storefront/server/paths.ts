import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The storefront package (this file is in `server/`, or built into `build-server/`: one level down). */
export const APP = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The server-rendered build. */
export const BUILD = join(APP, 'build');
