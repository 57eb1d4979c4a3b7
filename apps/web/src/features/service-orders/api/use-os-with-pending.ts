import type { OsAssets, OsDetail } from '@eproto/domain';
import { createContext, use, useContext, useMemo } from 'react';

import { outbox } from '../../../lib/offline/outbox.ts';
import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';
import { usePendingWrites } from '../../../lib/offline/use-outbox.ts';
import { useSession } from '../../../lib/session.ts';
import { OS_STEP_WRITE } from './keys.ts';
import { loadOsPending, osPendingLoaded } from './os-pending-load.ts';
import { NO_PENDING, type OsPendingView } from './os-pending-view.ts';

// One object URL per queued Blob (photo, signature), freed once its write left the queue.
const urls = new Map<string, { write: string; url: string }>();

function blobUrl(w: OutboxItem, blob: Blob, field: string): string {
  const id = `${w.key}|${field}`;
  let kept = urls.get(id);
  if (!kept) {
    kept = { write: w.key, url: URL.createObjectURL(blob) };
    urls.set(id, kept);
  }
  return kept.url;
}

function freeUrls() {
  const queued = new Set(outbox.snapshot().map((i) => i.key));
  for (const [id, { write, url }] of urls) {
    if (!queued.has(write)) {
      URL.revokeObjectURL(url);
      urls.delete(id);
    }
  }
}

/**
 * The OS (and its assets, when it serves any) with the steps still waiting on this phone
 * applied (done-but-pending), and which parts wait. Works offline on the cached OS: see
 * applyPendingSteps. With nothing waiting it needs none of that code; with steps waiting it
 * suspends until the code has arrived (os-pending-load.ts; the page fetches it when idle).
 */
export function useOsWithPending(os: OsDetail, assets?: OsAssets) {
  const writes = usePendingWrites(OS_STEP_WRITE, (w) => w.meta.osId === os.id);
  const user = useSession().user;
  const me = user ? { id: user.id, nome: user.nome } : null;
  const stamp = writes.map((w) => `${w.key}:${w.state}`).join(',');
  const code = writes.length > 0 ? (osPendingLoaded() ?? use(loadOsPending())) : null;
  return useMemo(
    () => {
      freeUrls();
      if (!code) return { os, assets, pending: NO_PENDING };
      return code.applyPendingSteps(os, writes, { me, blobUrl, assets });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the writes by key and state
    [os, assets, stamp, me?.id, me?.nome, code],
  );
}

/** What of the OS shown waits on the phone (the OS page provides it to its parts). */
export const OsPendingContext = createContext<OsPendingView>(NO_PENDING);
export const useOsPending = () => useContext(OsPendingContext);
