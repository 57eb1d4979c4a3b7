import { lazy, Suspense, useSyncExternalStore } from 'react';

import { loadToasts, subscribeToasts, toastsWanted } from '../lib/toast.ts';

const Notifications = lazy(() => loadToasts().then((m) => ({ default: m.Notifications })));

/**
 * Toasts at the top right. The container and its library are downloaded with the first toast
 * (lib/toast.ts) and stay mounted from then on.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToasts, toastsWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" zIndex={1000} limit={4} />
    </Suspense>
  );
}
