import type { createWorkItemFilesService } from './work-item-files.service.ts';
import type { createWorkItemHistoryService } from './work-item-history.service.ts';
import type { WorkItemAccess } from './work-item-kind.ts';
import type { createWorkItemMessagesService } from './work-item-messages.service.ts';

/** The services behind one kind's thread (messages, attachments, history), built once per app in app/services.ts. */
export interface WorkItemThread<F extends string, A extends WorkItemAccess> {
  messages: ReturnType<typeof createWorkItemMessagesService<F, A>>;
  files: ReturnType<typeof createWorkItemFilesService<F, A>>;
  history: ReturnType<typeof createWorkItemHistoryService<F, A>>;
}
