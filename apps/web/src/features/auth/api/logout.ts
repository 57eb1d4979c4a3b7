import { api } from '../../../lib/api-client.ts';

/** POST /auth/logout — errors are ignored (SPEC.md §7): the user leaves either way. */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout', {}, { silent401: true });
  } catch {
    /* ignored on purpose */
  }
}
