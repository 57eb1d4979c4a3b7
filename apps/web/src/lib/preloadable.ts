import type { ComponentType, FunctionComponent } from 'react';
import { createElement, lazy, useState } from 'react';

type Module<P extends object> = { default: ComponentType<P> };

/** A lazily loaded component whose module can be fetched ahead with `preload()`. */
export type Preloadable<P extends object = object> = FunctionComponent<P> & {
  preload: () => Promise<Module<P>>;
};

/**
 * React.lazy that does not suspend when its module has already arrived. A `lazy()` component
 * always suspends on its first render, even when its chunk was fetched ahead: React commits the
 * Suspense fallback, then holds the content back until 300 ms after that fallback
 * (FALLBACK_THROTTLE_MS), once per nested boundary. On a second visit (chunks from the service
 * worker, data from IndexedDB) that wait was most of the time to a usable screen (issue 33,
 * bench/warm.ts). Here, a module already loaded renders at once; otherwise it is React.lazy as
 * before. Each mounted instance keeps the way it started (no remount when the module arrives).
 */
export function preloadable<P extends object = object>(
  load: () => Promise<Module<P>>,
): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<Module<P>> | null = null;
  const preload = () =>
    (pending ??= load().then(
      (m) => {
        loaded = m.default;
        return m;
      },
      (error: unknown) => {
        pending = null; // a failed download may be retried (the error boundary reports it)
        throw error;
      },
    ));
  const Lazy = lazy(preload);
  function PreloadableComponent(props: P) {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  return Object.assign(PreloadableComponent, { preload });
}
