// What `use-sync-external-store/shim` gives older React versions; React 19 has it built in (vite.config.ts aliases the shim here).
export { useSyncExternalStore } from 'react';
