import { landingPathFor } from '@eproto/domain';
import { Navigate } from 'react-router';

import { OfflineNoSession } from '../components/offline/offline-no-session.tsx';
import { useSession } from '../lib/session.ts';

/** "/" sends the user to their landing page by role; no user goes to /login. */
export function RootRedirect() {
  const session = useSession();
  if (session.offline) return <OfflineNoSession />;
  if (!session.ready) return null;
  if (!session.user) return <Navigate to="/login" replace />;
  return <Navigate to={landingPathFor(session.user.rawType)} replace />;
}
