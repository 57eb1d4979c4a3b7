import type { Protocol } from '@eproto/domain';

import type { WorkItemRef } from '../../../components/work-item/work-item-ref.ts';

/** The task as a work item for the shared thread (messages, attachments, history). */
export function taskRef(task: Protocol): WorkItemRef {
  return {
    kind: 'protocols',
    id: task.id,
    muralId: task.mural_id,
    uploadPath: 'attachments',
    noun: 'tarefa',
    can: {
      message: task.permissions.message,
      upload: task.permissions.message,
      deleteAnyAttachment: task.permissions.delete_any_attachment,
    },
  };
}
