import { AsyncLocalStorage } from 'node:async_hooks';
import { INTERNAL_EVENT_TYPES, type RealtimeChange } from '@eproto/domain';
import type { AppEvent } from './events.ts';

/** Most changes one answer lists in X-Changes; later events reach the tab over the stream. */
const MAX_CHANGES = 20;
/** Longest change (JSON) listed: a bulk event's long data goes over the stream instead. */
const MAX_CHANGE_CHARS = 400;

/**
 * The changes a write request publishes while it is being answered, for the tab that sent it
 * (X-Origin): those events carry the tab's id as `origin`, so the tab skips them on the
 * stream, and the answer lists them (X-Changes), so the tab applies them from the answer
 * (plugins/change-origin.ts). An event published after the answer, past MAX_CHANGES, or to
 * people other than the writer carries no origin: every tab hears it as usual.
 */
export class ChangeScope {
  private open = true;
  private readonly changes = new Map<string, RealtimeChange>();

  constructor(
    readonly origin: string,
    private readonly userId: number,
  ) {}

  /** The event as it is published: with this scope's origin when the tab will get it back. */
  stamp(event: AppEvent): AppEvent {
    if (!this.open || INTERNAL_EVENT_TYPES.includes(event.type)) return event;
    if (event.userIds && !event.userIds.includes(this.userId)) return event;
    const key = `${event.type}|${event.id ?? ''}|${JSON.stringify(event.data ?? null)}`;
    if (!this.changes.has(key) && this.changes.size >= MAX_CHANGES) return event;
    const { type, id, version, data } = event as AppEvent & { type: RealtimeChange['type'] };
    const change: RealtimeChange = {
      type,
      ...(id !== undefined && { id }),
      ...(version !== undefined && { version }),
      ...(data !== undefined && { data }),
    };
    if (JSON.stringify(change).length > MAX_CHANGE_CHARS) return event;
    this.changes.set(key, change);
    return { ...event, origin: this.origin };
  }

  /** Ends the scope (the answer is leaving): the changes stamped so far. */
  close(): RealtimeChange[] {
    this.open = false;
    return [...this.changes.values()];
  }
}

const current = new AsyncLocalStorage<ChangeScope>();

/** Runs `fn` (and everything it starts) with events stamped by `scope`. */
export function withChangeScope<T>(scope: ChangeScope, fn: () => T): T {
  return current.run(scope, fn);
}

/** The event with the current write's origin, when it has one (EventBus.publish). */
export function stampOrigin(event: AppEvent): AppEvent {
  return current.getStore()?.stamp(event) ?? event;
}
