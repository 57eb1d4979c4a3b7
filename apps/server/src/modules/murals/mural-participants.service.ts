import { RT_EVENTS } from '@eproto/domain';
import type { MuralParticipant } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import { publishMuralChanged } from './mural-events.ts';
import { createMuralItemsRepo } from './mural-items.repo.ts';
import { muralPermissions } from './mural-permissions.ts';
import { addMuralParticipant } from './mural-thread.ts';
import { createMuralsRepo } from './murals.repo.ts';

/** Participants of a demand (its thread lives in modules/work-items). */
export function createMuralParticipantsService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);

  async function list(u: ScopeUser, muralId: number): Promise<MuralParticipant[]> {
    await scope.assertMuralVisible(u, muralId);
    const rows = await createMuralItemsRepo(db).participants(muralId);
    return rows.map((r) => ({
      user_id: r.user.id,
      user: toUserRef(r.user),
      added_at: r.addedAt.toISOString(),
    }));
  }

  async function mustManage(u: ScopeUser, muralId: number) {
    const access = await scope.assertMuralVisible(u, muralId);
    if (!muralPermissions(access, u.id).manage_participants) throw forbidden();
  }

  return {
    list,

    async add(u: ScopeUser, muralId: number, userId: number) {
      await mustManage(u, muralId);
      await db.transaction(async (tx) => {
        if (!(await addMuralParticipant(tx, muralId, userId, u.id))) {
          throw new AppError('CONFLICT', 'Esta pessoa já participa da demanda.');
        }
      });
      await publishMuralChanged(deps, muralId, { part: 'participants' });
      return list(u, muralId);
    },

    async remove(u: ScopeUser, muralId: number, userId: number) {
      await mustManage(u, muralId);
      await db.transaction(async (tx) => {
        if (!(await createMuralItemsRepo(tx).removeParticipant(muralId, userId))) {
          throw new AppError('NOT_FOUND', 'Participante não encontrado.');
        }
        const repo = createMuralsRepo(tx);
        await repo.touch(muralId, u.id);
        await repo.insertHistory({
          muralId,
          authorId: u.id,
          action: 'participante_removido',
          before: { user_id: userId },
          after: null,
        });
      });
      await publishMuralChanged(deps, muralId, { part: 'participants' });
      await deps.events.publish({
        type: RT_EVENTS.muralChanged,
        userIds: [userId],
        id: muralId,
        data: { id: muralId },
      });
    },
  };
}
