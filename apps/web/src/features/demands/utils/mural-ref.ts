import type { Mural } from '@eproto/domain';

import type { WorkItemRef } from '../../../components/work-item/work-item-ref.ts';

/** The demand as a work item for the shared thread (messages, attachments, history). */
export function muralRef(mural: Mural): WorkItemRef {
  return {
    kind: 'murals',
    id: mural.id,
    muralId: mural.id,
    uploadPath: 'attachments/upload',
    noun: 'demanda',
    can: {
      message: mural.permissions.message,
      upload: mural.permissions.upload,
      deleteAnyAttachment: mural.permissions.delete_any_attachment,
    },
  };
}
