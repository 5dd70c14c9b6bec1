// `use-sync-external-store/shim` for React 18 and later, which has the hook itself: the package's
// fallback for older Reacts (wouter imports the shim) need not come down with every page.
export { useSyncExternalStore } from 'react';
