import type { Notification } from '@eproto/domain';
import { chatMentionTarget } from '@eproto/domain';

/**
 * Page a notification opens: its task, else its demand, else the page the server linked it to
 * (a request, a ticket, EPI, agenda, frota), else the chat a mention came from.
 */
export function notificationTarget(
  n: Pick<Notification, 'protocol_id' | 'mural_id'> &
    Partial<Pick<Notification, 'type' | 'custom_text' | 'author_id' | 'link'>>,
): string | null {
  if (n.protocol_id !== null && n.protocol_id !== undefined)
    return `/eproto/protocols/${n.protocol_id}`;
  if (n.mural_id !== null && n.mural_id !== undefined) return `/eproto/murals/${n.mural_id}`;
  // Only paths inside the app: never another origin ("//host", "https:").
  if (n.link && n.link.startsWith('/') && !n.link.startsWith('//')) return n.link;
  return n.type === 'mention'
    ? chatMentionTarget({
        type: n.type,
        custom_text: n.custom_text ?? null,
        author_id: n.author_id ?? null,
        mural_id: null,
        protocol_id: null,
      })
    : null;
}
