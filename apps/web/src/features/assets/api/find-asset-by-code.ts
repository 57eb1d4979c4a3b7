import { api } from '../../../lib/api-client.ts';

/** GET /tatico/ativos/codigo/{codigo} — the asset a scanned label names (404 outside scope). */
export function findAssetByCode(codigo: string): Promise<{ id: number }> {
  return api.get(`/tatico/ativos/codigo/${encodeURIComponent(codigo)}`);
}
