import type { Vehicle } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api-client.ts';
import { PICKER_KEYS, PICKER_STALE, toOption } from './keys.ts';

type Rows = { items: Vehicle[] };

/** Vehicles that can be booked (not inactive): plate, make and model, and whether in the shop. */
const bookableVehicles = (d: Rows) =>
  d.items
    .filter((v) => v.status !== 'inativo')
    .map((v) =>
      toOption(
        v.id,
        `${v.placa_formatada} — ${v.marca} ${v.modelo}${v.status === 'manutencao' ? ' (em manutenção)' : ''}`,
      ),
    );

/**
 * GET /tatico/veiculos — the fleet (the fleet's roles: equipe books none), as the options of
 * the agenda's and the new OS's vehicle; `enabled` false waits to ask the server.
 */
export function useVehicleOptions(enabled = true) {
  return useQuery({
    queryKey: PICKER_KEYS.vehicles,
    queryFn: () => api.get<Rows>('/tatico/veiculos'),
    staleTime: PICKER_STALE,
    enabled,
    select: bookableVehicles,
  });
}
