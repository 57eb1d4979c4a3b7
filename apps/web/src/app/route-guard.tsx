import { canAccess } from '@eproto/domain';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';

import { useSession } from '../lib/session.ts';

interface RouteGuardProps {
  children: ReactNode;
  /** Starts downloading the guarded chunk while the session is checked. */
  preload?: () => unknown;
}

/**
 * SPEC.md §2 guard: nothing is shown while the session is not ready; no user, or a role not
 * allowed on the route, goes to /login.
 */
export function RouteGuard({ children, preload }: RouteGuardProps) {
  const session = useSession();
  const { pathname } = useLocation();

  useEffect(() => {
    // A failed download is reported by the error boundary when the chunk is rendered.
    Promise.resolve(preload?.()).catch(() => undefined);
  }, [preload]);

  if (!session.ready) return null;
  if (!session.user) return <Navigate to="/login" replace />;
  if (!canAccess(session.user.rawType, pathname)) return <Navigate to="/login" replace />;
  return children;
}
