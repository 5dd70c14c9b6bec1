// The early script (see vite.config.ts): evaluating the boot module starts the first screen's calls,
// and the app's own code when the server held it back behind a first view.
import { startHeldBackApp } from './first-view.ts';
import './start.ts';

startHeldBackApp();
