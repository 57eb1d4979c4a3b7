import type { MuralPermissions } from '@eproto/domain';
import type { MuralAccess } from '../access/scope.service.ts';

/**
 * What a user may do on a demand they see (docs/lab-notes.md "Who may do what"):
 * gestores edit everything; the creator edits fields; members (gestor, responsável, creator,
 * participants, board participants) move the stage, post and upload; gestores and the
 * responsável manage participants and task quick edits.
 */
export function muralPermissions(access: MuralAccess, userId: number): MuralPermissions {
  const responsavel = access.responsavelId === userId;
  return {
    edit: access.manager || access.createdBy === userId,
    move: access.member,
    message: access.member,
    upload: access.member,
    manage_participants: access.manager || responsavel,
    delete_any_attachment: access.manager,
    edit_tasks: access.manager || responsavel,
  };
}
