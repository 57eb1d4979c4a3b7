import type { OsDetail } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';

/** POST /tatico/os/{id}/equipe with a gerente/diretoria's written SST release (online only). */
export const addOsPersonReleased = (osId: number, userId: number, motivo: string) =>
  api.post<OsDetail>(`/tatico/os/${osId}/equipe`, {
    user_id: userId,
    device_time: new Date().toISOString(),
    liberacao_sst: { motivo },
  });
