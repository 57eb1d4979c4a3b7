import { RT_EVENTS, type PresenceBody, type PresenceData } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import type { SessionUser } from '../../plugins/auth.ts';
import { muralAudience } from '../murals/mural-events.ts';
import { createMuralsRepo } from '../murals/murals.repo.ts';
import { avatarUrl } from '../users/users.mapper.ts';

/**
 * "Who is editing": a tab that opens a demand's (or a task's) form, or drags its card, says so
 * here and repeats it while it lasts. Nothing is stored: the event goes through the bus (every
 * node, NOTIFY) to the open tabs of everyone else who may see the demand (the audience of its
 * 'mural.changed' events), and each tab forgets a presence not repeated within PRESENCE_TTL_MS.
 */
export function createPresenceService(deps: Pick<ServiceDeps, 'database' | 'events' | 'access'>) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);
  return {
    async announce(u: SessionUser, body: PresenceBody): Promise<void> {
      await scope.assertMuralVisible(u, body.mural_id);
      const [audience, row] = await Promise.all([
        muralAudience(deps, body.mural_id),
        createMuralsRepo(db).version(body.mural_id),
      ]);
      const userIds = audience.map((r) => r.id).filter((id) => id !== u.id);
      if (userIds.length === 0) return;
      const data: PresenceData = {
        mural_id: body.mural_id,
        board_id: row?.boardId ?? null,
        user_id: u.id,
        nome: u.nome,
        avatar: avatarUrl(u),
        acao: body.acao,
        ativo: body.ativo,
      };
      await deps.events.publish({
        type: RT_EVENTS.presence,
        userIds,
        id: body.mural_id,
        data: { ...data },
      });
    },
  };
}
