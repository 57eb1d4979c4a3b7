import { MSG, PUBLIC_ROUTES } from '@eproto/domain';

import { navigateTo } from './navigation.ts';
import { forgetOfflineCache } from './offline/query-persistence.ts';
import { queryClient } from './query-client.ts';
import { SESSION_KEY } from './session-key.ts';
import { toastInfo } from './toast.ts';

// Parallel calls can all answer 401 at once; the user must see one toast and one redirect.
let expiring = false;

/** True when the page shown is a public route (no session check, no expiry redirect). */
export function onPublicPage(pathname: string = window.location.pathname): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PUBLIC_ROUTES as readonly string[]).includes(path);
}

/** Clears user and session data from the cache (logout, expiry). */
export function clearSession(): void {
  void queryClient.cancelQueries();
  queryClient.setQueryData(SESSION_KEY, null);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_KEY[0] });
  // The copy kept on the device for offline use belongs to the person who just left.
  void forgetOfflineCache();
}

/**
 * Handles a 401 outside the public auth paths (SPEC.md §4): session cleared, one toast,
 * redirect to /login. Nothing happens while a public page is shown. A visitor who never had
 * an active session in this tab (first profile check) is sent to /login without the toast.
 */
export function expireSession(): void {
  if (onPublicPage() || expiring) return;
  expiring = true;
  const wasActive = Boolean(queryClient.getQueryData(SESSION_KEY));
  clearSession();
  if (wasActive) toastInfo(MSG.sessionExpired, 'session-expired');
  navigateTo('/login');
}

/** Called when a session becomes active again, so a later expiry is announced again. */
export function resetSessionExpiry(): void {
  expiring = false;
}
