/** True in the SPA build (`MARKETKIT_SPA=1`), false in the server build: Vite's `define` (vite.config.ts). */
declare const __MARKETKIT_SPA__: boolean;
