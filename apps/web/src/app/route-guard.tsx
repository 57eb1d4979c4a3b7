import { canAccess } from '@eproto/domain';
import type { ReactNode } from 'react';
import { useDeferredValue, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';

import { OfflineNoSession } from '../components/offline/offline-no-session.tsx';
import { useSession } from '../lib/session.ts';

interface RouteGuardProps {
  children: ReactNode;
  /** Starts downloading the guarded chunks (shell, page) while the session is checked. */
  preload?: (pathname: string) => unknown;
  /** Starts the page's first queries once the session may open the route. */
  prefetch?: (pathname: string, search: string) => void;
}

/**
 * SPEC.md §2 guard: nothing is shown while the session is not ready; no user, or a role not
 * allowed on the route, goes to /login.
 */
export function RouteGuard({ children, preload, prefetch }: RouteGuardProps) {
  const session = useSession();
  const { pathname, search } = useLocation();
  const allowed = !!session.user && canAccess(session.user.rawType, pathname);
  // Only the route the tab was opened on: later navigations load their page as they render.
  const [opened] = useState(() => ({ pathname, search }));

  useEffect(() => {
    // A failed download is reported by the error boundary when the chunk is rendered.
    Promise.resolve(preload?.(opened.pathname)).catch(() => undefined);
  }, [preload, opened]);

  useEffect(() => {
    if (allowed && opened.pathname === pathname) prefetch?.(opened.pathname, opened.search);
  }, [allowed, prefetch, opened, pathname]);

  // The page opens in a deferred render: when the profile check answers on a first visit, the
  // session reaches here through TanStack Query's external store, an update React renders in one
  // uninterrupted task, and this guard's children are the whole shell and page (1.3 s of a
  // 4x slower phone's main thread on Demandas, issue 33). Deferred, that render runs in 5 ms
  // slices; this update only renders the guard. A page already open stays (true -> true), and a
  // tab opened with the kept session renders the page at once (the first value is not deferred).
  const open = useDeferredValue(allowed && session.ready && !session.offline);

  if (session.offline) return <OfflineNoSession />;
  if (!session.ready) return null;
  if (!session.user) return <Navigate to="/login" replace />;
  if (!allowed) return <Navigate to="/login" replace />;
  return open ? children : null;
}
