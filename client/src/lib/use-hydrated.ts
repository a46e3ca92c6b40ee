import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the server's HTML and while the browser hydrates it, true from then on (and at once
 * on pages the browser renders itself). For controls that need JavaScript to work: the server
 * renders their plain HTML stand-in, which React swaps after hydration without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
