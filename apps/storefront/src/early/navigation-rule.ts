/** Runs ./after-reload.ts's rule as the page starts (imported for this effect by ./index.ts). */
import { applyAfterReload } from './after-reload.ts';

applyAfterReload();
