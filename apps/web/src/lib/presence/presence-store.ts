import { parsePresenceData, PRESENCE_TTL_MS, type PresenceData } from '@eproto/domain';
import { useSyncExternalStore } from 'react';

interface Entry extends PresenceData {
  expiresAt: number;
}

const EMPTY: readonly PresenceData[] = [];

/** Who is doing what to which demand, as the push events 'presence' told this tab. */
const entries = new Map<string, Entry>();
/** By demand, rebuilt on each change: stable arrays for useSyncExternalStore. */
let byMural = new Map<number, readonly PresenceData[]>();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function changed(): void {
  const next = new Map<number, PresenceData[]>();
  for (const e of entries.values()) {
    const { expiresAt: _, ...data } = e;
    const list = next.get(e.mural_id) ?? [];
    list.push(data);
    next.set(e.mural_id, list);
  }
  byMural = next;
  for (const l of listeners) l();
}

/** Forgets what was not repeated in time (the tab that said it closed), then waits for the next. */
function sweep(): void {
  timer = undefined;
  const now = Date.now();
  let dropped = false;
  for (const [k, e] of entries) {
    if (e.expiresAt <= now) {
      entries.delete(k);
      dropped = true;
    }
  }
  if (dropped) changed();
  const next = Math.min(...[...entries.values()].map((e) => e.expiresAt));
  if (Number.isFinite(next)) timer = setTimeout(sweep, Math.max(0, next - now));
}

/** Applies one 'presence' event: someone started, repeated or stopped editing or moving. */
export function receivePresence(data: PresenceData): void {
  const key = `${data.mural_id}:${data.user_id}`;
  if (data.ativo) entries.set(key, { ...data, expiresAt: Date.now() + PRESENCE_TTL_MS });
  else if (!entries.delete(key)) return;
  changed();
  if (timer === undefined) sweep();
}

/**
 * A 'presence' push event as it came (use-realtime-sync.ts): read here, in this lazy chunk, so the
 * reader is not part of the signed-in shell that every route loads (issue 33). Anything that is
 * not a well-formed presence is dropped.
 */
export function receivePushedPresence(raw: unknown): void {
  const data = parsePresenceData(raw);
  if (data) receivePresence(data);
}

/** Forgets everyone (sign-out, tests). */
export function clearPresence(): void {
  entries.clear();
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The people editing or moving a demand now, other than this person. */
export function usePresenceOn(muralId: number): readonly PresenceData[] {
  return useSyncExternalStore(
    subscribe,
    () => byMural.get(muralId) ?? EMPTY,
    () => EMPTY,
  );
}
