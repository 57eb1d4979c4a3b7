import { z } from 'zod';
import { pageSize, positiveId } from './common.ts';
import { syncedListFields, updatedSince } from './sync.ts';

/** Notification types and their labels (SPEC.md §9). */
export const NOTIFICATION_TYPES = [
  'mention',
  'task_assigned',
  'status_changed',
  'date_changed',
  'deadline_reminder',
  'attachment',
  'other',
  'os_assigned',
  'os_concluded',
  'os_refused',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_LABELS: Record<NotificationType, string> = {
  mention: 'Menção no chat',
  task_assigned: 'Nova tarefa',
  status_changed: 'Etapa atualizada',
  date_changed: 'Datas atualizadas',
  deadline_reminder: 'Lembrete de prazo',
  attachment: 'Novo anexo',
  other: 'Aviso',
  os_assigned: 'OS atribuída',
  os_concluded: 'OS concluída',
  os_refused: 'OS recusada pelo cliente',
};

/** Label of a notification type; unknown types read as "Aviso". */
export function notificationLabel(type: string): string {
  return (NOTIFICATION_LABELS as Record<string, string>)[type] ?? NOTIFICATION_LABELS.other;
}

/** Longest text a notification keeps (a whole comment, shown expanded in the bell). */
export const NOTIFICATION_TEXT_MAX = 2000;

/** Most notifications the bell dropdown shows (SPEC.md §9). */
export const NOTIFICATION_DROPDOWN_LIMIT = 20;

export const notificationSchema = z.object({
  id: z.number().int(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  type: z.string(),
  mural_id: z.number().int().nullable(),
  protocol_id: z.number().int().nullable(),
  custom_text: z.string().nullable(),
  texto: z.string().nullable(),
  author_nome: z.string().nullable(),
  author_email: z.string().nullable(),
  author_id: z.number().int().nullable(),
  author_avatar: z.string().nullable(),
  /** App path of what it is about when that is not a demand or task (request, ticket, EPI...). */
  link: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuery = z
  .object({
    limit: pageSize(100, NOTIFICATION_DROPDOWN_LIMIT),
    unread: z.enum(['true', 'false']).optional(),
    /**
     * Keyset page: the notifications older than this one (its id, the last one shown), in the
     * same order (created_at, id); the cost does not grow with how many came before.
     */
    before: positiveId.optional(),
    /** The first page's notifications created or read since (its `cursor`), plus `ids`. */
    updated_since: updatedSince.optional(),
  })
  .refine((q) => !(q.before && q.updated_since), {
    message: 'Use "before" ou "updated_since", não os dois.',
    path: ['updated_since'],
  });

export const notificationListResponse = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
  /**
   * First page: `cursor`; with `updated_since`, `items` holds only the page's notifications
   * created or read since and `ids` the whole page in order (sync.ts).
   */
  ...syncedListFields,
});
export type NotificationList = z.infer<typeof notificationListResponse>;

/**
 * `data` of a 'notification.read' push: one read (`id`) or all (`all`), the `read_at` written
 * and the person's `unread` count after it, so every open bell patches itself without a read.
 */
export type NotificationReadData = {
  id?: number;
  all?: true;
  read_at: string;
  unread: number;
};
