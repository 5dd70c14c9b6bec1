// The early script (see vite.config.ts): evaluating the boot module starts the first screen's calls,
// and the app's own code when the server held it back behind a first view.
import { loadScreen, screenForPath } from '../app/screens.ts';
import { startHeldBackApp } from './first-view.ts';
import './start.ts';

startHeldBackApp(() => {
  loadScreen(screenForPath(location.pathname)).catch(() => {});
});
