import { can, type ProtocolPermissions } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createScopeService, type MuralAccess, type ScopeUser } from '../access/scope.service.ts';
import { createProtocolsRepo, type ProtocolRow } from './protocols.repo.ts';

/** True when the user reviews tasks (protocols.review: approve, reject, conclude directly). */
export function isReviewer(u: ScopeUser): boolean {
  return can(u, 'protocols.review');
}

export const taskNotFound = () => new AppError('NOT_FOUND', 'Tarefa não encontrada.');

/**
 * What a user may do on a task they see (docs/lab-notes.md "Tasks: who may do what"):
 * editors (gestores, the demand's responsável and creator, the task's responsável) edit fields,
 * dates and dependencies; demand members also move the stage and post; reviewers approve;
 * gestores of the demand delete anyone's attachment (as on the demand).
 */
export function protocolPermissions(
  task: Pick<ProtocolRow, 'responsavelId' | 'createdBy' | 'stage'>,
  mural: MuralAccess,
  u: ScopeUser,
): ProtocolPermissions {
  const owner = task.responsavelId === u.id;
  const editor = mural.manager || mural.responsavelId === u.id || mural.createdBy === u.id || owner;
  return {
    edit: editor,
    move: editor || mural.member,
    delete: mural.manager || mural.responsavelId === u.id || task.createdBy === u.id,
    edit_dependencies: editor,
    message: editor || mural.member,
    delete_any_attachment: mural.manager,
    review: isReviewer(u) && task.stage === 'em_revisao',
  };
}

export interface ProtocolAccess {
  task: ProtocolRow;
  mural: MuralAccess;
  permissions: ProtocolPermissions;
}

/**
 * The task with the caller's rights, or 404 "Tarefa não encontrada." when it does not exist or
 * its demand is out of scope (a task's responsável always sees its demand). `lock` reads it FOR
 * UPDATE inside a transaction.
 */
export async function loadProtocolAccess(
  db: DbOrTx,
  u: ScopeUser,
  id: number,
  lock = false,
): Promise<ProtocolAccess> {
  const repo = createProtocolsRepo(db);
  const task = lock ? await repo.lock(id) : await repo.byId(id);
  if (!task) throw taskNotFound();
  const mural = await createScopeService(db).muralAccess(u, task.muralId, db);
  if (!mural) throw taskNotFound();
  return { task, mural, permissions: protocolPermissions(task, mural, u) };
}
