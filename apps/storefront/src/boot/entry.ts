// The early script (see vite.config.ts): evaluating the boot module starts the first screen's calls.
import './start.ts';
