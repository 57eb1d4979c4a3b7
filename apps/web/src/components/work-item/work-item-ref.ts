/**
 * A work item whose thread (messages, attachments, history) the shared components show: a
 * demand or a task today, the next kind tomorrow. Each feature builds it from its own item.
 */
export interface WorkItemRef {
  /** Path segment of its API, and first part of its query keys: 'murals', 'protocols'. */
  kind: 'murals' | 'protocols';
  id: number;
  /** The demand it is or belongs to: mentionables and participants live there. */
  muralId: number;
  /** Path of uploads under /{id} (SPEC.md: 'attachments/upload' for demands). */
  uploadPath: 'attachments/upload' | 'attachments';
  /** "demanda", "tarefa": for texts such as "Somente quem participa da demanda...". */
  noun: string;
  can: { message: boolean; upload: boolean; deleteAnyAttachment: boolean };
}

export type ThreadPart = 'messages' | 'attachments' | 'history';

/**
 * Query keys of a thread. They sit under the kind's own prefix ('murals', 'protocols'), so the
 * push channel that refetches a kind's prefix refreshes its threads too.
 */
export const threadKeys = {
  part: (item: Pick<WorkItemRef, 'kind' | 'id'>, part: ThreadPart) =>
    [item.kind, 'detail', item.id, part] as const,
  mentionables: (muralId: number) => ['murals', 'detail', muralId, 'mentionables'] as const,
  participants: (muralId: number) => ['murals', 'detail', muralId, 'participants'] as const,
};

/** `/eproto/{kind}/{id}` + rest. */
export const threadPath = (item: Pick<WorkItemRef, 'kind' | 'id'>, rest: string) =>
  `/eproto/${item.kind}/${item.id}/${rest}`;
