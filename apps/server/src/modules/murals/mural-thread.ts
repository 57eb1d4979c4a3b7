import { workItemSchemas, type UserRef } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { MuralAccess } from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import type { DemandItemAccess, WorkItemKind } from '../work-items/work-item-kind.ts';
import { createWorkItemsRepo } from '../work-items/work-items.repo.ts';
import { publishMuralChanged } from './mural-events.ts';
import { createMuralItemsRepo } from './mural-items.repo.ts';
import { muralMentionableRows, muralThreadTables as tables } from './mural-thread.repo.ts';
import { muralPermissions } from './mural-permissions.ts';
import { createMuralsRepo } from './murals.repo.ts';

/**
 * People who can be mentioned in a demand or its tasks: those linked to the demand (responsável,
 * creator, participants, board participants, users of its contract, task responsáveis) — all of
 * whom can see it.
 */
export async function muralMentionables(db: DbOrTx, muralId: number): Promise<UserRef[]> {
  const rows = await muralMentionableRows(db, muralId);
  return rows.map(toUserRef);
}

/**
 * Adds a participant to a demand with a history entry; false when they already were one.
 * Throws 400 when the person is not an active user.
 */
export async function addMuralParticipant(tx: DbOrTx, muralId: number, userId: number, by: number) {
  const repo = createMuralsRepo(tx);
  const [active] = await repo.activeUserIds([userId]);
  if (!active) throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', 'user_id');
  const added = await createMuralItemsRepo(tx).addParticipants(muralId, [userId], by);
  if (added.length === 0) return false;
  await repo.touch(muralId, by);
  await createWorkItemsRepo(tx, tables).insertHistory(muralId, {
    authorId: by,
    action: 'participante_adicionado',
    after: { user_id: userId },
  });
  return true;
}

/** What the thread of a demand may do, from the caller's access to it. */
export function muralThreadAccess(access: MuralAccess, userId: number): DemandItemAccess {
  const can = muralPermissions(access, userId);
  return {
    id: access.id,
    titulo: access.titulo,
    muralId: access.id,
    protocolId: null,
    where: `em "${access.titulo}"`,
    can: {
      message: can.message,
      upload: can.upload,
      deleteAnyAttachment: can.delete_any_attachment,
      addParticipants: can.manage_participants,
    },
  };
}

/** Demands as a kind of work item (SPEC.md §7 "Murals" paths). */
export const muralThread: WorkItemKind<'mural_id', DemandItemAccess> = {
  name: 'murals',
  apiBase: '/api/eproto/murals',
  idField: 'mural_id',
  schemas: workItemSchemas('mural_id'),
  tables,
  uploadPath: 'attachments/upload',
  tag: 'murals',
  async access(seam, db, u, id) {
    return muralThreadAccess(await seam.requireAccess(u, 'demand', id, db), u.id);
  },
  mentionables: (db, item) => muralMentionables(db, item.muralId),
  async watchers(tx, item) {
    const m = (await createMuralsRepo(tx).byId(item.muralId))!;
    const participants = await createMuralItemsRepo(tx).participantIds(item.muralId);
    return [m.responsavelId, m.createdBy, ...participants].filter((x): x is number => x !== null);
  },
  touched: (tx, item, userId) => createMuralsRepo(tx).touch(item.muralId, userId),
  addParticipant: (tx, item, userId, by) => addMuralParticipant(tx, item.muralId, userId, by),
  changed: (deps, item, part) => publishMuralChanged(deps, item.muralId, { part }),
};
