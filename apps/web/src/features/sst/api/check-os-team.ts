import type { OsSstCheck, OsSstCheckBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';

/** POST /tatico/sst/os/verificar — who of an OS team misses the service type's requirements. */
export const checkOsTeam = (body: OsSstCheckBody) =>
  api.post<OsSstCheck>('/tatico/sst/os/verificar', body);

/**
 * The reasons that block a team, or [] when it may go (also when the check could not run, e.g.
 * offline: the server checks again when the step arrives).
 */
export async function osTeamBlocks(body: OsSstCheckBody): Promise<string[]> {
  try {
    const r = await checkOsTeam(body);
    return r.pendencias.map((p) => p.motivo);
  } catch {
    return [];
  }
}
