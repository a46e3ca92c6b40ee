import type { ComponentType } from 'react';

/**
 * A route component loaded on demand. `load()` is awaited before hydration (and before a
 * server render) so a server-rendered page hydrates without a loading flash; later
 * navigations suspend until the chunk arrives.
 */
export interface LazyPage<P = object> {
  (props: P): React.ReactElement;
  load(): Promise<void>;
}

export function lazyPage<P extends object>(loader: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let Loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const load = () =>
    (pending ??= loader().then(
      (m) => {
        Loaded = m.default;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    ));
  const Page = (props: P) => {
    if (!Loaded) throw load();
    return <Loaded {...props} />;
  };
  Page.load = load;
  return Page as LazyPage<P>;
}
