/** Where each kind's API lives (its thread is under /{id}/...). */
const THREAD_BASES = {
  murals: '/eproto/murals',
  protocols: '/eproto/protocols',
  'service-orders': '/tatico/os',
} as const;

/**
 * A work item whose thread (messages, attachments, history) the shared components show: a
 * demand, a task or a service order. Each feature builds it from its own item.
 */
export interface WorkItemRef {
  /** First part of its query keys (the prefix its push event refetches): 'murals', ... */
  kind: keyof typeof THREAD_BASES;
  id: number;
  /**
   * The demand it is or belongs to: mentionables and participants live there. null for an
   * item outside demands (an OS): its own /mentionables is asked.
   */
  muralId: number | null;
  /** Path of uploads under /{id} (SPEC.md: 'attachments/upload' for demands). */
  uploadPath: 'attachments/upload' | 'attachments';
  /** "demanda", "tarefa", "OS": for texts such as "Mensagem na OS #12". */
  noun: string;
  can: { message: boolean; upload: boolean; deleteAnyAttachment: boolean };
}

export type ThreadPart = 'messages' | 'attachments' | 'history' | 'mentionables';

/**
 * Query keys of a thread. They sit under the kind's own prefix ('murals', 'service-orders'), so the
 * push channel that refetches a kind's prefix refreshes its threads too.
 */
export const threadKeys = {
  part: (item: Pick<WorkItemRef, 'kind' | 'id'>, part: ThreadPart) =>
    [item.kind, 'detail', item.id, part] as const,
  mentionables: (muralId: number) => ['murals', 'detail', muralId, 'mentionables'] as const,
  participants: (muralId: number) => ['murals', 'detail', muralId, 'participants'] as const,
};

/** `/eproto/murals/{id}/` (or the kind's own base) + rest. */
export const threadPath = (item: Pick<WorkItemRef, 'kind' | 'id'>, rest: string) =>
  `${THREAD_BASES[item.kind]}/${item.id}/${rest}`;
