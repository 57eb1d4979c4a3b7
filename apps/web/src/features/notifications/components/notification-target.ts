import type { Notification } from '@eproto/domain';
import { notificationPath } from '@eproto/domain';

/**
 * Page a notification opens: its task, else its demand, else the page the server linked it to
 * (a request, a ticket, EPI, agenda, frota), else the chat a mention came from. The same rule
 * gives the page a push opens (packages/domain push.ts).
 */
export function notificationTarget(
  n: Pick<Notification, 'protocol_id' | 'mural_id'> &
    Partial<Pick<Notification, 'type' | 'custom_text' | 'author_id' | 'link'>>,
): string | null {
  return notificationPath(n);
}
