import { api } from '../../../lib/api-client.ts';

/** GET /push/public-key — the server's VAPID key browsers subscribe with. */
export async function getPushPublicKey(): Promise<string> {
  return (await api.get<{ public_key: string }>('/push/public-key')).public_key;
}
