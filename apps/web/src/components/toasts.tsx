import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useSyncExternalStore } from 'react';

import { loadToasts, subscribeToasts, toastsWanted } from '../lib/toast.ts';

const Notifications = lazy(() => loadToasts().then((m) => ({ default: m.Notifications })));

/** Phones: where a toast at the top would cover the title bar, a drawer's header and the fields. */
export const PHONE_QUERY = '(max-width: 48em)';

/**
 * Toasts at the top right; on a phone at the bottom, above the thumb and above a bottom bar
 * such as the OS action bar (global.css), so they never cover the top third of the screen or a
 * drawer's header. The container and its library are downloaded with the first toast
 * (lib/toast.ts) and stay mounted from then on.
 */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribeToasts, toastsWanted, () => false);
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position={phone ? 'bottom-center' : 'top-right'}
        zIndex={1000}
        limit={phone ? 2 : 4}
      />
    </Suspense>
  );
}
