import type { AgendaConflict } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';

/**
 * POST /tatico/agenda/conflitos — people/vehicle already booked at that time, and people who
 * miss an SST requirement of the activity type (tipo 'sst', blocking).
 */
export function checkConflicts(body: {
  id?: number;
  inicio: string;
  fim: string;
  pessoas: number[];
  vehicle_id: number | null;
  tipo_atividade_id?: number | null;
}): Promise<{ conflitos: AgendaConflict[] }> {
  return api.post('/tatico/agenda/conflitos', body);
}
