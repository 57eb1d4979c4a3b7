import { api } from '../../../lib/api-client.ts';
import { endPushSubscription } from '../../../lib/end-push-subscription.ts';

/**
 * POST /auth/logout — errors are ignored (SPEC.md §7): the user leaves either way. This browser
 * stops receiving the person's pushes too.
 */
export async function logout(): Promise<void> {
  await endPushSubscription();
  try {
    await api.post('/auth/logout', {}, { silent401: true });
  } catch {
    /* ignored on purpose */
  }
}
