import { workItemSchemas } from '@eproto/domain';
import { publishMuralChanged } from '../murals/mural-events.ts';
import { muralPermissions } from '../murals/mural-permissions.ts';
import { addMuralParticipant, muralMentionables } from '../murals/mural-thread.ts';
import type { DemandItemAccess, WorkItemKind } from '../work-items/work-item-kind.ts';
import { publishProtocolsChanged } from './protocol-events.ts';
import { protocolThreadTables } from './protocol-thread.repo.ts';
import { createProtocolsRepo } from './protocols.repo.ts';

/**
 * Tasks as a kind of work item (SPEC.md §7 "Protocols" paths). People see a task through its
 * demand, so its mentionables and participants are the demand's.
 */
export const protocolThread: WorkItemKind<'protocol_id', DemandItemAccess> = {
  name: 'protocols',
  apiBase: '/api/eproto/protocols',
  idField: 'protocol_id',
  schemas: workItemSchemas('protocol_id'),
  tables: protocolThreadTables,
  uploadPath: 'attachments',
  tag: 'protocols',
  async access(seam, db, u, id) {
    const { task, mural, permissions } = await seam.requireAccess(u, 'task', id, db);
    return {
      id,
      titulo: task.titulo,
      muralId: task.muralId,
      protocolId: id,
      where: `na tarefa "${task.titulo}"`,
      can: {
        message: permissions.message,
        upload: permissions.message,
        deleteAnyAttachment: permissions.delete_any_attachment,
        addParticipants: muralPermissions(mural, u.id).manage_participants,
      },
    };
  },
  mentionables: (db, item) => muralMentionables(db, item.muralId),
  async watchers(tx, item) {
    const task = (await createProtocolsRepo(tx).byId(item.id))!;
    return [task.responsavelId, task.createdBy].filter((x): x is number => x !== null);
  },
  touched: async () => undefined,
  addParticipant: (tx, item, userId, by) => addMuralParticipant(tx, item.muralId, userId, by),
  async changed(deps, item, part) {
    await publishProtocolsChanged(deps, [{ muralId: item.muralId, ids: [item.id] }]);
    if (part === 'participants') await publishMuralChanged(deps, item.muralId, { part });
  },
};
