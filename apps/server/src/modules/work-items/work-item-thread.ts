import type { ServiceDeps } from '../../deps.ts';
import { createWorkItemFilesService } from './work-item-files.service.ts';
import { createWorkItemHistoryService } from './work-item-history.service.ts';
import type { WorkItemAccess, WorkItemKind } from './work-item-kind.ts';
import { createWorkItemMessagesService } from './work-item-messages.service.ts';

/** The services behind one kind's thread (messages, attachments, history), built once per app. */
export function createWorkItemThread<F extends string, A extends WorkItemAccess>(
  deps: ServiceDeps,
  kind: WorkItemKind<F, A>,
) {
  return {
    messages: createWorkItemMessagesService(deps, kind),
    files: createWorkItemFilesService(deps, kind),
    history: createWorkItemHistoryService(deps, kind),
  };
}

export type WorkItemThread<F extends string, A extends WorkItemAccess> = ReturnType<
  typeof createWorkItemThread<F, A>
>;
