import type { Notification } from '@eproto/domain';

/** Page a notification opens: its task, else its demand, else nothing. */
export function notificationTarget(
  n: Pick<Notification, 'protocol_id' | 'mural_id'>,
): string | null {
  if (n.protocol_id !== null && n.protocol_id !== undefined)
    return `/eproto/protocols/${n.protocol_id}`;
  if (n.mural_id !== null && n.mural_id !== undefined) return `/eproto/murals/${n.mural_id}`;
  return null;
}
