import type { DbOrTx } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Storage } from './storage.ts';

/** The queue of stored files whose row let go of them (jobs/specs.ts). */
export const STORAGE_REMOVE_JOB = 'storage-remove';

/** At most this many keys per job (a photo and its thumbnail, a protocol's attachments). */
const MAX_KEYS = 100;

interface CleanupDeps {
  storage: Storage;
  /** Hand-built test deps may have no queue: then only the removal after commit runs. */
  jobs?: JobQueue;
}

/**
 * Files whose last reference a transaction drops (a replaced certificate or avatar, a removed
 * photo): the removal job is written in `tx`, so it exists exactly when the change commits and
 * runs even if this node dies right after the commit. Call the returned function after the
 * commit to remove them at once; the job then finds nothing left (removing a missing key is no
 * error). Keys are read under the row's lock in the same `tx`, so two replacements at once
 * each remove the key the other one wrote over, never the same one twice.
 */
export async function removeAfterCommit(
  deps: CleanupDeps,
  tx: DbOrTx,
  keys: ReadonlyArray<string | null | undefined>,
): Promise<() => Promise<void>> {
  const list = [...new Set(keys.filter((k): k is string => typeof k === 'string' && k !== ''))];
  for (let at = 0; at < list.length; at += MAX_KEYS) {
    await deps.jobs?.send(tx, STORAGE_REMOVE_JOB, { keys: list.slice(at, at + MAX_KEYS) });
  }
  return async () => {
    for (const key of list) await deps.storage.remove(key).catch(() => undefined);
  };
}

/** The job: removes each key (a failure is retried by the queue with backoff). */
export async function runStorageRemove(
  storage: Storage,
  data: Record<string, unknown>,
): Promise<{ removed: number }> {
  const keys = Array.isArray(data.keys) ? data.keys.filter((k) => typeof k === 'string') : [];
  for (const key of keys) await storage.remove(key);
  return { removed: keys.length };
}
