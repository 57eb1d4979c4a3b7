import { useEffect, useState } from 'react';

export interface StorageUsage {
  usage: number;
  quota: number;
  /** The browser promised not to clear this site's data under pressure. */
  persisted: boolean;
}

/** Share of the quota from which the person is warned. */
export const STORAGE_WARN_RATIO = 0.8;

/** Asks once for persistent storage: the browser then keeps the queue and the cache. */
export async function requestPersistentStorage(): Promise<boolean> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  if (!storage?.persist) return false;
  if (await storage.persisted()) return true;
  return storage.persist().catch(() => false);
}

/** Space used by the app on this device (IndexedDB, caches) and the browser's quota. */
export function useStorageUsage(refreshKey: unknown): StorageUsage | null {
  const [usage, setUsage] = useState<StorageUsage | null>(null);
  useEffect(() => {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.estimate) return;
    let live = true;
    void Promise.all([storage.estimate(), storage.persisted?.() ?? false]).then(
      ([e, persisted]) => {
        if (live) setUsage({ usage: e.usage ?? 0, quota: e.quota ?? 0, persisted });
      },
    );
    return () => {
      live = false;
    };
  }, [refreshKey]);
  return usage;
}
